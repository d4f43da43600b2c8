import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { redirectSnippet } from './snippets.js';

/** nginx's own parser, when the machine has it (Debian: `apt-get install nginx-light`). */
const nginxBinary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const dir = mkdtempSync(path.join(tmpdir(), 'link-fixes-nginx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `nginx -t` on a server block that includes the snippet: the exit status and what nginx said. */
function nginxTest(snippet: string): { ok: boolean; output: string } {
  writeFileSync(path.join(dir, 'link-fixes.nginx.conf'), snippet);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      `error_log ${path.join(dir, 'error.log')};`,
      `pid ${path.join(dir, 'nginx.pid')};`,
      'events {}',
      'http {',
      '  access_log off;',
      '  server {',
      '    listen 127.0.0.1:8080;',
      '    server_name shop.example.com;',
      `    include ${path.join(dir, 'link-fixes.nginx.conf')};`,
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  try {
    const output = execFileSync(
      nginxBinary as string,
      ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return { ok: true, output };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  }
}

describe.skipIf(!nginxBinary)('the nginx snippet, checked by nginx -t', () => {
  it('is accepted with quotes, backslashes, spaces, non-ASCII, queries and dollar signs in the URLs', () => {
    const snippet = redirectSnippet('nginx', 'shop.example.com', [
      { from: '/About', to: '/about' },
      { from: '/caf%C3%A9%20menu', to: '/menu' },
      { from: '/say-%22hi%22%5C', to: '/hi' },
      { from: '/search?q=old', to: '/search' },
      { from: '/price$old', to: '/price$new' },
      { from: '/cart?total=$5', to: '/cart' },
      { from: '/partners', to: 'https://partner.example.org/?ref=$shop' },
    ]);
    const result = nginxTest(snippet);
    expect(result.output).not.toContain('[emerg]');
    expect(result.ok).toBe(true);
  });

  it('refuses a broken config (the check itself can fail)', () => {
    expect(nginxTest('location = "/x" { return 301 "/y$unknown"; }\n').ok).toBe(false);
  });
});
