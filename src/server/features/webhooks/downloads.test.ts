import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { snippetSource } from './downloads.js';

/** Names a user can give an app, each written to break out of the snippet's JavaScript. */
const hostileNames = [
  "Shop\nglobalThis.injected = 'newline';//",
  'Shop\r\nglobalThis.injected = "crlf";',
  'Shop\u2028globalThis.injected = "ls";',
  'Shop\u2029globalThis.injected = "ps";',
  `Shop"; globalThis.injected = 'quote'; //`,
  "Shop'; globalThis.injected = 'single'; //",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${} is the hostile input.
  'Shop`${globalThis.injected = "template"}`',
  'Shop */ globalThis.injected = "comment"; /*',
  'Shop $(touch /tmp/pwned) \\ back\\slash',
];

describe('the downloadable webhook snippet', () => {
  it('holds a hostile app name as a string the module reads back, never as code', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hub-snippet-'));
    for (const [index, app] of hostileNames.entries()) {
      const file = path.join(dir, `snippet-${index}.mjs`);
      writeFileSync(
        file,
        snippetSource({
          app,
          inboundUrl: 'http://hub.test/api/webhooks/in/1',
          secret: 'whsec_c2VjcmV0',
          listeners: [{ event: app, path: `/api/receive\n${app}` }],
        }),
      );
      const module = await import(pathToFileURL(file).href);
      expect(module.APP_NAME).toBe(app);
      expect(typeof module.sendHubEvent).toBe('function');
      expect((globalThis as { injected?: unknown }).injected).toBeUndefined();
    }
  });
});
