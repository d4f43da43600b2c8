/** The web servers whose redirect configuration the deployment screen writes (issue 13 §3). */
import type { ServerType } from '@domain/crawls/crawl-schemas';

export interface Redirect {
  /** The broken URL's path and query on the site, percent-encoded as crawled. */
  from: string;
  /** Where it should go: a path on the same site, or an absolute URL. */
  to: string;
}

/** The redirect that serves a broken URL of a site: a path there, or an absolute URL elsewhere. */
export function redirectOf(brokenUrl: string, fixedUrl: string): Redirect {
  const from = new URL(brokenUrl);
  const to = new URL(fixedUrl);
  return {
    from: from.pathname + from.search,
    to: to.host === from.host ? to.pathname + to.search : to.toString(),
  };
}

/** nginx strings take `\"` and `\\` escapes. */
const quote = (text: string) => `"${text.replace(/["\\]/g, '\\$&')}"`;
/** Apache's config reader unescapes only `\"` inside quotes; other backslashes reach the regex as written. */
const apacheQuote = (text: string) => `"${text.replace(/"/g, '\\"')}"`;
/**
 * A `#` or `//` comment's text: every format here ends a comment at a line break (JavaScript also at
 * U+2028/U+2029), so a domain holding one would write the rest as a directive or code.
 */
const commentText = (text: string) => text.replace(/[\r\n\u2028\u2029]/g, ' ');
const regexEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** nginx and Apache match the decoded path; a malformed escape is matched as written. */
function decodedPath(from: string): string {
  const path = from.split('?')[0];
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * nginx reads `$name` in `return` and in an `if` comparison as a variable and has no escape for `$`: the
 * target gets `%24` (the same URL), and a request URI holding `$` is matched by a regex, where `\$` is literal.
 */
const nginxTarget = (to: string) => quote(to.replaceAll('$', '%24'));
const nginxRequestUri = (from: string) =>
  from.includes('$') ? `$request_uri ~ ${quote(`^${regexEscape(from)}$`)}` : `$request_uri = ${quote(from)}`;

function nginx(domain: string, redirects: Redirect[]): string {
  const lines = redirects.map((r) =>
    r.from.includes('?')
      ? // `location` never sees the query: compare the whole request URI instead.
        `if (${nginxRequestUri(r.from)}) { return 301 ${nginxTarget(r.to)}; }`
      : `location = ${quote(decodedPath(r.from))} { return 301 ${nginxTarget(r.to)}; }`,
  );
  return [`# Link fixes for ${commentText(domain)}: include inside its server { } block.`, ...lines, ''].join(
    '\n',
  );
}

function apache(domain: string, redirects: Redirect[]): string {
  const lines: string[] = [`# Link fixes for ${commentText(domain)}: .htaccess at the site's document root.`];
  const withQuery = redirects.filter((r) => r.from.includes('?'));
  for (const r of redirects.filter((x) => !x.from.includes('?')))
    lines.push(
      `RedirectMatch 301 ${apacheQuote(`^${regexEscape(decodedPath(r.from))}$`)} ${apacheQuote(r.to)}`,
    );
  if (withQuery.length > 0) lines.push('RewriteEngine On');
  for (const r of withQuery) {
    const [path, query] = r.from.split('?');
    lines.push(`RewriteCond %{QUERY_STRING} ${apacheQuote(`^${regexEscape(query)}$`)}`);
    lines.push(
      `RewriteRule ${apacheQuote(`^${regexEscape(decodedPath(path).slice(1))}$`)} ${apacheQuote(r.to)} [R=301,L,QSD]`,
    );
  }
  return [...lines, ''].join('\n');
}

function netlify(domain: string, redirects: Redirect[]): string {
  // Netlify's _redirects separates fields by whitespace; crawled URLs are percent-encoded, so have none.
  const width = Math.max(0, ...redirects.map((r) => r.from.length));
  return [
    `# Link fixes for ${commentText(domain)}: _redirects in the publish directory.`,
    ...redirects.map((r) => `${r.from.padEnd(width)}  ${r.to}  301!`),
    '',
  ].join('\n');
}

/** Vercel reads `source` as a path-to-regexp pattern: its special characters are escaped. */
const vercelSource = (path: string) => path.replace(/[:*+?()[\]{}\\]/g, '\\$&');

function vercel(redirects: Redirect[]): string {
  const rules = redirects.map((r) => {
    const [path, query] = r.from.split('?');
    return {
      source: vercelSource(path),
      ...(query
        ? { has: [...new URLSearchParams(query)].map(([key, value]) => ({ type: 'query', key, value })) }
        : {}),
      destination: r.to,
      permanent: true,
    };
  });
  return `${JSON.stringify({ redirects: rules }, null, 2)}\n`;
}

/** Cloudflare Bulk Redirects list, CSV: source URL, target URL, status code. */
function cloudflare(domain: string, redirects: Redirect[]): string {
  const csv = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const absolute = (to: string) => (to.startsWith('/') ? `https://${domain}${to}` : to);
  return [
    'source_url,target_url,status_code',
    ...redirects.map((r) => `${csv(`${domain}${r.from}`)},${csv(absolute(r.to))},301`),
    '',
  ].join('\n');
}

function express(domain: string, redirects: Redirect[]): string {
  const table = JSON.stringify(
    redirects.map((r) => [r.from, r.to]),
    null,
    2,
  );
  return [
    `// Link fixes for ${commentText(domain)}: register before the site's routes.`,
    `const linkFixes = new Map(${table});`,
    'app.use((req, res, next) => {',
    '  const target = linkFixes.get(req.originalUrl) ?? linkFixes.get(req.path);',
    '  if (target) return res.redirect(301, target);',
    '  next();',
    '});',
    '',
  ].join('\n');
}

export function redirectSnippet(serverType: ServerType, domain: string, redirects: Redirect[]): string {
  switch (serverType) {
    case 'nginx':
      return nginx(domain, redirects);
    case 'apache':
      return apache(domain, redirects);
    case 'netlify':
      return netlify(domain, redirects);
    case 'vercel':
      return vercel(redirects);
    case 'cloudflare':
      return cloudflare(domain, redirects);
    case 'express':
      return express(domain, redirects);
  }
}

/** The file each server type's snippet goes into (the download's name). */
export const snippetFileNames: Record<ServerType, string> = {
  nginx: 'link-fixes.nginx.conf',
  apache: '.htaccess',
  netlify: '_redirects',
  vercel: 'vercel.json',
  cloudflare: 'bulk-redirects.csv',
  express: 'link-fixes.js',
};
