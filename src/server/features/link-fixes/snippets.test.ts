import { describe, expect, it } from 'vitest';
import { redirectSnippet } from './snippets.js';

const redirects = [
  { from: '/About', to: '/about' },
  { from: '/caf%C3%A9%20menu', to: '/menu' },
  { from: '/search?q=old', to: '/search' },
  { from: '/partners', to: 'https://partner.example.org/' },
];

describe('redirect snippets per server type (reviewed output)', () => {
  it('nginx: exact locations on the decoded path, quoted; queries compared on the request URI', () => {
    expect(redirectSnippet('nginx', 'shop.example.com', redirects)).toBe(
      [
        '# Link fixes for shop.example.com: include inside its server { } block.',
        'location = "/About" { return 301 "/about"; }',
        'location = "/café menu" { return 301 "/menu"; }',
        'if ($request_uri = "/search?q=old") { return 301 "/search"; }',
        'location = "/partners" { return 301 "https://partner.example.org/"; }',
        '',
      ].join('\n'),
    );
  });

  it('nginx: a dollar sign is never read as a variable (%24 in targets, a regex for the request URI)', () => {
    expect(
      redirectSnippet('nginx', 'shop.example.com', [
        { from: '/price$old', to: '/price$new' },
        { from: '/cart?total=$5', to: '/cart' },
      ]),
    ).toBe(
      [
        '# Link fixes for shop.example.com: include inside its server { } block.',
        'location = "/price$old" { return 301 "/price%24new"; }',
        'if ($request_uri ~ "^/cart\\\\?total=\\\\$5$") { return 301 "/cart"; }',
        '',
      ].join('\n'),
    );
  });

  it('Apache: anchored RedirectMatch (no prefix matching), RewriteCond for queries', () => {
    expect(redirectSnippet('apache', 'shop.example.com', redirects)).toBe(
      [
        "# Link fixes for shop.example.com: .htaccess at the site's document root.",
        'RedirectMatch 301 "^/About$" "/about"',
        'RedirectMatch 301 "^/café menu$" "/menu"',
        'RedirectMatch 301 "^/partners$" "https://partner.example.org/"',
        'RewriteEngine On',
        'RewriteCond %{QUERY_STRING} "^q=old$"',
        'RewriteRule "^search$" "/search" [R=301,L,QSD]',
        '',
      ].join('\n'),
    );
  });

  it('Netlify, Vercel, Cloudflare and Express', () => {
    expect(redirectSnippet('netlify', 'shop.example.com', redirects)).toBe(
      [
        '# Link fixes for shop.example.com: _redirects in the publish directory.',
        '/About             /about  301!',
        '/caf%C3%A9%20menu  /menu  301!',
        '/search?q=old      /search  301!',
        '/partners          https://partner.example.org/  301!',
        '',
      ].join('\n'),
    );
    expect(JSON.parse(redirectSnippet('vercel', 'shop.example.com', redirects))).toEqual({
      redirects: [
        { source: '/About', destination: '/about', permanent: true },
        { source: '/caf%C3%A9%20menu', destination: '/menu', permanent: true },
        {
          source: '/search',
          has: [{ type: 'query', key: 'q', value: 'old' }],
          destination: '/search',
          permanent: true,
        },
        { source: '/partners', destination: 'https://partner.example.org/', permanent: true },
      ],
    });
    expect(redirectSnippet('cloudflare', 'shop.example.com', redirects)).toBe(
      [
        'source_url,target_url,status_code',
        'shop.example.com/About,https://shop.example.com/about,301',
        'shop.example.com/caf%C3%A9%20menu,https://shop.example.com/menu,301',
        'shop.example.com/search?q=old,https://shop.example.com/search,301',
        'shop.example.com/partners,https://partner.example.org/,301',
        '',
      ].join('\n'),
    );
    const express = redirectSnippet('express', 'shop.example.com', redirects);
    const table = JSON.parse(express.slice(express.indexOf('new Map(') + 8, express.indexOf(');\napp.use')));
    expect(table).toEqual(redirects.map((r) => [r.from, r.to]));
    expect(express).toContain('if (target) return res.redirect(301, target);');
  });

  it('escapes quotes and backslashes so a path cannot break out of the nginx string', () => {
    expect(redirectSnippet('nginx', 'x.example', [{ from: '/a%22%3B%20return%20200', to: '/b' }])).toContain(
      'location = "/a\\"; return 200" { return 301 "/b"; }',
    );
  });

  it('Apache: a regex character in a path matches literally', () => {
    expect(redirectSnippet('apache', 'x.example', [{ from: '/a.b(1)', to: '/c' }])).toContain(
      'RedirectMatch 301 "^/a\\.b\\(1\\)$" "/c"',
    );
  });

  it("a hostile domain stays inside each format's comment or quoted field, never a directive or code", () => {
    const domain = 'x.example\nreturn 200;\r\nRewriteRule .* http://evil.test\u2028globalThis.injected = 1;';
    const one = [{ from: '/old', to: '/new' }];
    for (const type of ['nginx', 'apache', 'netlify'] as const) {
      const lines = redirectSnippet(type, domain, one).split('\n');
      // One comment line, one redirect, the final newline: nothing the domain could add.
      expect(lines).toHaveLength(3);
      expect(lines[0].startsWith('#')).toBe(true);
      expect(lines[0]).not.toMatch(/[\r\u2028]/);
    }
    const express = redirectSnippet('express', domain, one);
    const app = { use: () => undefined };
    new Function('app', express)(app);
    expect((globalThis as { injected?: unknown }).injected).toBeUndefined();
    const csv = redirectSnippet('cloudflare', domain, one);
    expect(csv.split('\n')[1].startsWith('"')).toBe(true);
  });
});
