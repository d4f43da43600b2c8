/**
 * robots.txt as RFC 9309 defines it: groups of user-agent lines, then allow/disallow rules; the group
 * naming our product token wins over `*`; the longest matching rule decides and allow wins a tie; `*`
 * matches any run of characters and a final `$` anchors the end. No robots parser is installed, so this
 * is the small complete one the crawler needs.
 */
export interface Robots {
  /** Whether a path (with its query) may be crawled. */
  allows(pathAndQuery: string): boolean;
  /** Crawl-delay in seconds of the group that applies, if it gives one (not in the RFC, widely honoured). */
  crawlDelaySeconds: number | null;
  sitemaps: string[];
  /** Lines that are neither blank, comments nor `field: value` with a known field (Lighthouse's robots-txt check). */
  invalidLines: number[];
}

interface Rule {
  allow: boolean;
  pattern: string;
}
interface Group {
  agents: string[];
  rules: Rule[];
  crawlDelay: number | null;
}

const knownFields = new Set([
  'user-agent',
  'allow',
  'disallow',
  'sitemap',
  'crawl-delay',
  'host',
  'clean-param',
]);

export function parseRobots(text: string, productToken: string): Robots {
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  const invalidLines: number[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) return;
    const colon = line.indexOf(':');
    const field = colon > 0 ? line.slice(0, colon).trim().toLowerCase() : '';
    const value = colon > 0 ? line.slice(colon + 1).trim() : '';
    if (!knownFields.has(field)) {
      invalidLines.push(index + 1);
      return;
    }
    if (field === 'sitemap') {
      if (value) sitemaps.push(value);
      return;
    }
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [], crawlDelay: null };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      return;
    }
    lastWasAgent = false;
    if (!current) {
      // A rule before any user-agent line belongs to no group.
      invalidLines.push(index + 1);
      return;
    }
    if (field === 'allow' || field === 'disallow') {
      // An empty disallow allows everything: it adds no rule.
      if (value) current.rules.push({ allow: field === 'allow', pattern: value });
    } else if (field === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelay = seconds;
      else invalidLines.push(index + 1);
    }
  });

  const token = productToken.toLowerCase();
  const own = groups.filter((g) => g.agents.some((a) => a !== '*' && token.startsWith(a)));
  const applying = own.length > 0 ? own : groups.filter((g) => g.agents.includes('*'));
  const rules = applying.flatMap((g) => g.rules).map((r) => ({ ...r, matcher: compile(r.pattern) }));
  const delays = applying.map((g) => g.crawlDelay).filter((d): d is number => d !== null);

  return {
    allows(pathAndQuery) {
      const path = normalizeEncoding(pathAndQuery);
      let best: { allow: boolean; length: number } | null = null;
      for (const rule of rules) {
        if (!rule.matcher.test(path)) continue;
        const length = rule.pattern.length;
        if (!best || length > best.length || (length === best.length && rule.allow)) {
          best = { allow: rule.allow, length };
        }
      }
      return best?.allow ?? true;
    },
    crawlDelaySeconds: delays.length > 0 ? Math.max(...delays) : null,
    sitemaps,
    invalidLines,
  };
}

/** Rules and paths are compared percent-encoded the same way (RFC 9309 §2.2.2). */
function normalizeEncoding(path: string): string {
  return path.replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase());
}

function compile(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = normalizeEncoding(anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}
