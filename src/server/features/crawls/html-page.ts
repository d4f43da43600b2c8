import { Parser } from 'htmlparser2';

export interface PageLink {
  href: string;
  text: string;
  nofollow: boolean;
}

/** What the crawler keeps of an HTML page (issue 13 §1) and what the SEO audit reads. */
export interface PageFacts {
  title: string | null;
  metaDescription: string | null;
  canonical: string | null;
  robotsDirectives: string | null;
  headings: { level: number; text: string }[];
  wordCount: number;
  images: { src: string; alt: string | null }[];
  hreflang: { lang: string; href: string }[];
  links: PageLink[];
  baseHref: string | null;
  lang: string | null;
  /** The page's visible text, lower-cased, for keyphrase checks (capped: a huge page needs no more). */
  text: string;
}

const textCap = 100_000;
const skippedText = new Set(['script', 'style', 'noscript', 'template', 'svg']);

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** One streaming pass over the HTML (htmlparser2): no DOM is built, so a huge page costs little memory. */
export function parseHtmlPage(html: string): PageFacts {
  const facts: PageFacts = {
    title: null,
    metaDescription: null,
    canonical: null,
    robotsDirectives: null,
    headings: [],
    wordCount: 0,
    images: [],
    hreflang: [],
    links: [],
    baseHref: null,
    lang: null,
    text: '',
  };
  let skipDepth = 0;
  let title: string | null = null;
  let heading: { level: number; text: string } | null = null;
  let anchor: { href: string; text: string; nofollow: boolean } | null = null;
  const words: string[] = [];
  let wordCount = 0;
  let textLength = 0;

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (skippedText.has(name)) skipDepth += 1;
        switch (name) {
          case 'html':
            facts.lang = attrs.lang ?? null;
            break;
          case 'title':
            if (facts.title === null) title = '';
            break;
          case 'base':
            if (attrs.href && facts.baseHref === null) facts.baseHref = attrs.href;
            break;
          case 'meta': {
            const metaName = (attrs.name ?? '').toLowerCase();
            if (metaName === 'description' && facts.metaDescription === null)
              facts.metaDescription = squash(attrs.content ?? '');
            if (metaName === 'robots' || metaName === 'businesshub')
              facts.robotsDirectives = [facts.robotsDirectives, squash(attrs.content ?? '').toLowerCase()]
                .filter(Boolean)
                .join(', ');
            break;
          }
          case 'link': {
            const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
            if (rel.includes('canonical') && attrs.href && facts.canonical === null)
              facts.canonical = attrs.href.trim();
            if (rel.includes('alternate') && attrs.hreflang && attrs.href)
              facts.hreflang.push({ lang: attrs.hreflang.trim(), href: attrs.href.trim() });
            break;
          }
          case 'img':
            facts.images.push({ src: (attrs.src ?? '').trim(), alt: attrs.alt ?? null });
            break;
          case 'a':
            if (attrs.href !== undefined) {
              const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
              anchor = { href: attrs.href.trim(), text: '', nofollow: rel.includes('nofollow') };
            }
            break;
          default:
            if (/^h[1-6]$/.test(name)) heading = { level: Number(name[1]), text: '' };
        }
      },
      ontext(data) {
        if (title !== null) {
          title += data;
          return;
        }
        if (skipDepth > 0) return;
        if (heading) heading.text += data;
        if (anchor) anchor.text += data;
        for (const word of data.split(/\s+/)) {
          if (!word) continue;
          wordCount += 1;
          if (textLength < textCap) {
            words.push(word.toLowerCase());
            textLength += word.length + 1;
          }
        }
      },
      onclosetag(name) {
        if (skippedText.has(name) && skipDepth > 0) skipDepth -= 1;
        if (name === 'title' && title !== null) {
          facts.title = squash(title);
          title = null;
        } else if (name === 'a' && anchor) {
          facts.links.push({ ...anchor, text: squash(anchor.text) });
          anchor = null;
        } else if (heading && name === `h${heading.level}`) {
          facts.headings.push({ level: heading.level, text: squash(heading.text) });
          heading = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  facts.wordCount = wordCount;
  facts.text = words.join(' ');
  return facts;
}

/** The `<loc>` URLs of a sitemap or a sitemap index (the caller fetches the nested sitemaps). */
export function parseSitemap(xml: string): { urls: string[]; sitemaps: string[] } {
  const urls: string[] = [];
  const sitemaps: string[] = [];
  const stack: string[] = [];
  let loc: string | null = null;
  const parser = new Parser(
    {
      onopentag(name) {
        stack.push(name);
        if (name === 'loc') loc = '';
      },
      ontext(data) {
        if (loc !== null) loc += data;
      },
      onclosetag(name) {
        stack.pop();
        if (name === 'loc' && loc !== null) {
          const parent = stack[stack.length - 1];
          if (parent === 'sitemap') sitemaps.push(loc.trim());
          else urls.push(loc.trim());
          loc = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return { urls, sitemaps };
}
