import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deploymentScriptSource } from './deployment-script.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'hub-deploy-script-'));
const marker = path.join(dir, 'pwned');
const hostileNames = [
  `Shop\ntouch ${marker}`,
  `Shop $(touch ${marker}) \`touch ${marker}\``,
  `Shop'; touch ${marker}; echo '`,
  `Shop" ; touch ${marker} ; "`,
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${} is the hostile input.
  'Shop ${HOME} $HOME \\ back\\slash',
  "it's Bob's shop\r\n",
];

describe('the deployment script', () => {
  it('parses as sh and holds a hostile app name and URL as the values given, running none of them', () => {
    for (const app of hostileNames) {
      const script = deploymentScriptSource({
        app,
        inboundUrl: `http://hub.test/api/webhooks/in/1?x='$(touch ${marker})'`,
        keyHex: 'abcd',
      });
      execFileSync('sh', ['-n', '-c', script]);
      // Run its assignments (everything before the network part) and read the values back.
      const assignments = script.slice(0, script.indexOf('ID="msg_'));
      const out = execFileSync('sh', ['-c', `${assignments}\nprintf '%s\\0%s' "$APP_NAME" "$HUB_URL"`]);
      expect(out.toString().split('\0')).toEqual([
        app,
        `http://hub.test/api/webhooks/in/1?x='$(touch ${marker})'`,
      ]);
      expect(existsSync(marker)).toBe(false);
    }
  });
});
