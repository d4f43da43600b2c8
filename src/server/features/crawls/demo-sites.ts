import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/database.js';
import { productToken } from './crawler.js';
import * as store from './store.js';

/**
 * The demo workspace's three websites, served by the product itself under /demo-sites/<n>/ so the demo
 * crawl needs no network: small deterministic sites with the faults the link-fix report is about (broken
 * links, a case and a trailing-slash mismatch, a redirect chain, a loop, a redirect into a private network,
 * a page robots.txt excludes, a sitemap entry that is gone).
 */
interface DemoSite {
  name: string;
  topic: string;
  serverType: 'nginx' | 'netlify' | 'apache';
  pages: { slug: string; title: string; words: string[] }[];
  keywords: { slug: string; keyword: string }[];
}

const demoSites: DemoSite[] = [
  {
    name: 'Keynote Coaching',
    topic: 'keynote speaker',
    serverType: 'nginx',
    pages: [
      { slug: 'about', title: 'About our keynote speaker', words: ['stage', 'story', 'audience'] },
      { slug: 'services', title: 'Executive coaching services', words: ['executive', 'coaching', 'leaders'] },
      { slug: 'workshops', title: 'Leadership workshops', words: ['workshop', 'teams', 'practice'] },
      { slug: 'pricing', title: 'Coaching prices', words: ['price', 'package', 'session'] },
      { slug: 'contact', title: 'Book a keynote', words: ['booking', 'calendar', 'event'] },
    ],
    keywords: [
      { slug: '', keyword: 'keynote speaker' },
      { slug: 'services', keyword: 'executive coaching' },
    ],
  },
  {
    name: 'Housing Advocate Academy',
    topic: 'housing advocacy',
    serverType: 'netlify',
    pages: [
      { slug: 'about', title: 'About the academy', words: ['academy', 'mission', 'tenants'] },
      {
        slug: 'certification',
        title: 'Housing advocate certification',
        words: ['certification', 'exam', 'credential'],
      },
      { slug: 'courses', title: 'Courses for housing advocates', words: ['course', 'module', 'lesson'] },
      { slug: 'pricing', title: 'Certification prices', words: ['price', 'tuition', 'scholarship'] },
      { slug: 'contact', title: 'Contact the academy', words: ['question', 'email', 'office'] },
    ],
    keywords: [{ slug: 'certification', keyword: 'housing advocate certification' }],
  },
  {
    name: 'HomeMatch AI',
    topic: 'home matching',
    serverType: 'apache',
    pages: [
      { slug: 'about', title: 'About HomeMatch AI', words: ['matching', 'buyers', 'agents'] },
      { slug: 'buyers', title: 'AI home matching for buyers', words: ['buyer', 'listing', 'neighbourhood'] },
      { slug: 'agents', title: 'Real estate agents', words: ['agent', 'leads', 'clients'] },
      { slug: 'pricing', title: 'Plans and pricing', words: ['plan', 'price', 'month'] },
      { slug: 'contact', title: 'Talk to HomeMatch', words: ['demo', 'support', 'team'] },
    ],
    keywords: [{ slug: 'buyers', keyword: 'ai home matching' }],
  },
];

const postCount = 8;
const base = (site: number) => `/demo-sites/${site}/`;

/** Deterministic filler: the same words for the same page on every start. */
function paragraph(seedWords: string[], topic: string, count: number): string {
  const vocabulary = [
    ...seedWords,
    ...topic.split(' '),
    'clients',
    'results',
    'guide',
    'plan',
    'support',
    'growth',
    'community',
    'trust',
  ];
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(vocabulary[(i * 7 + seedWords.length) % vocabulary.length]);
  return `${words.join(' ')}.`;
}

function layout(
  site: number,
  page: { origin: string; rest: string },
  options: { title: string; description?: string; body: string; noindex?: boolean },
) {
  const s = demoSites[site - 1];
  const nav = s.pages.map((p) => `<a href="${base(site)}${p.slug}">${p.title}</a>`).join(' | ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${options.title}</title>
${options.description ? `<meta name="description" content="${options.description}">` : ''}
${options.noindex ? '<meta name="robots" content="noindex">' : ''}
<link rel="canonical" href="${page.origin}${base(site)}${page.rest}">
</head><body><header><a href="${base(site)}">${s.name}</a> <nav>${nav} | <a href="${base(site)}blog">Blog</a></nav></header>
<main>${options.body}</main>
<footer><a href="${base(site)}About">About us</a> <a href="${base(site)}old-pricing">Prices</a> <a href="${base(site)}go/partner">Our partner</a></footer>
</body></html>`;
}

const description = (s: DemoSite, title: string) =>
  `${title}: ${s.name} explains ${s.topic} with practical guides, clear prices and friendly support for every client who asks.`.slice(
    0,
    150,
  );

export interface FixtureAnswer {
  status: number;
  location?: string;
  type?: string;
  body?: string;
}

/** The fixture site's answer for a path under /demo-sites/<site>/ (null: not one of the demo sites). */
export function demoSiteAnswer(site: number, rest: string, origin: string): FixtureAnswer | null {
  const s = demoSites[site - 1];
  if (!s) return null;
  const html = (body: string) => ({ status: 200, type: 'text/html; charset=utf-8', body });
  const home = base(site);
  const here = { origin, rest };
  switch (rest) {
    case '': {
      const links = s.pages.map((p) => `<li><a href="${home}${p.slug}">${p.title}</a></li>`).join('');
      return html(
        layout(site, here, {
          title: `${s.name}: ${s.topic}`,
          description: description(s, s.name),
          body: `<h1>${s.name}: ${s.topic}</h1><p>${paragraph(s.topic.split(' '), s.topic, 320)}</p><ul>${links}</ul>
<img src="${home}hero.png" alt="${s.name}"><img src="${home}team.png">
<p><a href="${home}servces">Our servces</a> <a href="${home}blog/post-3/">Latest post</a> <a href="${home}click">click here</a></p>`,
        }),
      );
    }
    case 'sitemap.xml': {
      const urls = ['', ...s.pages.map((p) => p.slug), 'blog', 'retired-page'].map(
        (slug) => `<url><loc>${origin}${home}${slug}</loc></url>`,
      );
      return {
        status: 200,
        type: 'application/xml',
        body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`,
      };
    }
    case 'blog': {
      const posts = Array.from(
        { length: postCount },
        (_, i) => `<li><a href="${home}blog/post-${i + 1}">${s.topic} notes ${i + 1}</a></li>`,
      );
      return html(
        layout(site, here, {
          title: `${s.name} blog`,
          body: `<h1>Blog</h1><ul>${posts.join('')}</ul><a href="${home}loop-a">Archive</a>`,
        }),
      );
    }
    case 'old-pricing':
      return { status: 301, location: `${home}pricing-2024` };
    case 'pricing-2024':
      return { status: 302, location: `${home}pricing` };
    case 'loop-a':
      return { status: 302, location: `${home}loop-b` };
    case 'loop-b':
      return { status: 302, location: `${home}loop-a` };
    case 'go/partner':
      // A redirect into a private network: the guarded client refuses to follow it.
      return { status: 302, location: 'http://10.0.0.1/partner' };
    case 'private/drafts':
      return html(layout(site, here, { title: 'Drafts', body: '<h1>Drafts</h1>' }));
    case 'hero.png':
    case 'team.png':
      return { status: 200, type: 'image/png', body: '' };
  }
  const post = /^blog\/post-(\d+)$/.exec(rest);
  if (post && Number(post[1]) >= 1 && Number(post[1]) <= postCount) {
    const n = Number(post[1]);
    return html(
      layout(site, here, {
        title: `${s.topic} notes ${n}`,
        description: n % 2 === 0 ? description(s, `Notes ${n}`) : undefined,
        body: `<h1>${s.topic} notes ${n}</h1><p>${paragraph([`note${n}`], s.topic, 120 + n * 30)}</p>
<a href="${home}blog/post-${n + 1}">Next</a> <a href="${home}private/drafts">Drafts</a>${n === 4 ? ` <a href="${home}events">Events</a>` : ''}`,
        noindex: n === postCount,
      }),
    );
  }
  const page = s.pages.find((p) => p.slug === rest);
  if (page)
    return html(
      layout(site, here, {
        title: page.title,
        description: description(s, page.title),
        body: `<h1>${page.title}</h1><h2>${page.words.join(' and ')}</h2><p>${paragraph(page.words, s.topic, 340)}</p>`,
      }),
    );
  return {
    status: 404,
    type: 'text/html; charset=utf-8',
    body: '<!doctype html><title>Not found</title><h1>Not found</h1>',
  };
}

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The product's robots.txt: search engines stay out of the API and the fixture sites; our own crawler
 * may visit the fixture sites except their private folders, and learns their sitemaps.
 */
function robotsTxt(siteOrigin: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /demo-sites/',
    '',
    `User-agent: ${productToken}`,
    'Disallow: /api/',
    ...demoSites.map((_, i) => `Disallow: ${base(i + 1)}private/`),
    '',
    ...demoSites.map((_, i) => `Sitemap: ${siteOrigin}${base(i + 1)}sitemap.xml`),
    '',
  ].join('\n');
}

export function registerDemoSites(app: FastifyInstance): void {
  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(origin(request))),
  );
  app.get<{ Params: { site: string; '*': string } }>(
    '/demo-sites/:site/*',
    { schema: { hide: true } },
    (request, reply) => {
      const answer = demoSiteAnswer(Number(request.params.site), request.params['*'], origin(request));
      if (!answer) return reply.status(404).type('text/plain').send('Not found');
      reply.status(answer.status);
      if (answer.location) return reply.header('location', answer.location).send();
      return reply.type(answer.type ?? 'text/html').send(answer.body ?? '');
    },
  );
}

/** The demo workspace's websites crawl their fixture sites; their first crawl waits in the queue. */
export async function seedDemoCrawls(tx: Tx, websiteIds: number[]): Promise<void> {
  for (const [i, websiteId] of websiteIds.entries()) {
    const s = demoSites[i];
    if (!s) continue;
    await store.upsertSettings(tx, websiteId, {
      startUrl: base(i + 1),
      serverType: s.serverType,
      keywords: s.keywords.map((k) => ({ path: `${base(i + 1)}${k.slug}`, keyword: k.keyword })),
    });
    // Queued without a job: the workers' start-up recovery queues every unfinished crawl.
    await store.insertCrawl(tx, {
      websiteId,
      kind: 'full',
      trigger: 'scheduled',
      startUrl: base(i + 1),
      pageBudget: 500,
      maxDepth: 5,
    });
  }
}
