import type { Tx } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { appFileSlug, appSecret, webhookConfigOf } from '../webhooks/index.js';

/**
 * A shell word holding `text` as is: single quotes take everything literally (newlines, `$(…)`, backticks)
 * but a single quote, which closes, is written as '\'' (close, escaped quote, reopen).
 */
export const shQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** GET /api/deployment-script/:appId: a shell script that sends the app's first signed event with curl. */
export async function deploymentScript(deps: AppDeps, tx: Tx, appId: number) {
  const config = await webhookConfigOf(deps, tx, appId);
  const keyHex = Buffer.from(
    appSecret(deps.config.secretKey, appId).slice('whsec_'.length),
    'base64',
  ).toString('hex');
  return {
    fileName: `${appFileSlug(config.app)}-deploy.sh`,
    body: deploymentScriptSource({ app: config.app, inboundUrl: config.inbound_url, keyHex }),
  };
}

/** The script's text: user text (the app's name) and the URL enter only as single-quoted shell words. */
export function deploymentScriptSource(input: { app: string; inboundUrl: string; keyHex: string }): string {
  return `#!/bin/sh
# Connects the app named in APP_NAME to Business Hub: sends a signed app.deployed event.
set -eu
APP_NAME=${shQuote(input.app)}
HUB_URL=${shQuote(input.inboundUrl)}
KEY_HEX=${shQuote(input.keyHex)}
ID="msg_$(date +%s)$$"
TS="$(date +%s)"
BODY='{"type":"app.deployed","status":"ok","description":"Deployment script ran"}'
SIG="v1,$(printf '%s' "$ID.$TS.$BODY" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$KEY_HEX" -binary | base64)"
curl -fsS -X POST "$HUB_URL" -H 'content-type: application/json' \\
  -H "webhook-id: $ID" -H "webhook-timestamp: $TS" -H "webhook-signature: $SIG" --data "$BODY"
echo "Sent a signed event to Business Hub."
`;
}
