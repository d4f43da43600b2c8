import type { Tx } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { appFileSlug, appSecret, webhookConfigOf } from '../webhooks/index.js';

/** GET /api/deployment-script/:appId: a shell script that sends the app's first signed event with curl. */
export async function deploymentScript(deps: AppDeps, tx: Tx, appId: number) {
  const config = await webhookConfigOf(deps, tx, appId);
  const keyHex = Buffer.from(
    appSecret(deps.config.secretKey, appId).slice('whsec_'.length),
    'base64',
  ).toString('hex');
  const body = `#!/bin/sh
# Connects ${config.app.replace(/[\r\n]/g, ' ')} to Business Hub: sends a signed app.deployed event.
set -eu
HUB_URL='${config.inbound_url}'
KEY_HEX='${keyHex}'
ID="msg_$(date +%s)$$"
TS="$(date +%s)"
BODY='{"type":"app.deployed","status":"ok","description":"Deployment script ran"}'
SIG="v1,$(printf '%s' "$ID.$TS.$BODY" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$KEY_HEX" -binary | base64)"
curl -fsS -X POST "$HUB_URL" -H 'content-type: application/json' \\
  -H "webhook-id: $ID" -H "webhook-timestamp: $TS" -H "webhook-signature: $SIG" --data "$BODY"
echo "Sent a signed event to Business Hub."
`;
  return { fileName: `${appFileSlug(config.app)}-deploy.sh`, body };
}
