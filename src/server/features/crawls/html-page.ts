import { Parser } from 'htmlparser2';

export interface PageLink {
  href: string;
  text: string;
  nofollow: boolean;
}

/** A URL the page loads rather than links to, with the element and attribute that names it. */
export interface PageResource {
  url: string;
  /** 'img[src]', 'link[rel=stylesheet][href]', 'source[srcset]', 'video[poster]', ... */
  element: string;
}

/** `<link rel>` values whose target the browser loads (or the user agent shows): a broken one is a broken page. */
const loadedLinkRels = ['stylesheet', 'icon', 'apple-touch-icon', 'manifest', 'preload', 'modulepreload'];

/** Single-URL attributes of elements that load what they name. */
const resourceAttributes: Record<string, string[]> = {
  img: ['src'],
  script: ['src'],
  source: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  embed: ['src'],
  object: ['data'],
  iframe: ['src'],
};

/** The URLs of a srcset: comma-separated candidates, each a URL and an optional width or density. */
function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(/,\s+|,(?=\S+\s+\d)/)
    .map((candidate) => candidate.trim().split(/\s+/)[0])
    .filter((url) => url && !url.startsWith('data:'));
}

function resourcesOf(name: string, attrs: Record<string, string>): PageResource[] {
  const found: PageResource[] = [];
  const add = (url: string | undefined, element: string) => {
    const trimmed = url?.trim();
    // A data: URL is inline content, nothing to fetch.
    if (trimmed && !/^data:/i.test(trimmed)) found.push({ url: trimmed, element });
  };
  if (name === 'link') {
    const rels = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    const rel = loadedLinkRels.find((r) => rels.includes(r));
    if (rel) add(attrs.href, `link[rel=${rel}][href]`);
  } else if (name === 'input') {
    if ((attrs.type ?? '').toLowerCase() === 'image') add(attrs.src, 'input[type=image][src]');
  } else {
    for (const attribute of resourceAttributes[name] ?? []) add(attrs[attribute], `${name}[${attribute}]`);
  }
  if ((name === 'img' || name === 'source') && attrs.srcset)
    for (const url of srcsetUrls(attrs.srcset)) add(url, `${name}[srcset]`);
  return found;
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
  /** What the page loads: images, stylesheets, scripts, media (checked, not crawled). */
  resources: PageResource[];
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
    resources: [],
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
        facts.resources.push(...resourcesOf(name, attrs));
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
