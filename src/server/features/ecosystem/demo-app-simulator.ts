import { demoAppsPath } from '@domain/ecosystem/ecosystem-schemas';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { type DemoApp, demoApps } from './demo-catalogue.js';

/**
 * The demo's apps, simulated by this server so the demo works with no network: each app has a small
 * site (pages, a sitemap, one broken link), its users, and its leads as JSON pages linked by `next`
 * or as one CSV file. Everything is derived from the app's slug and the lead's number, so every
 * request answers the same (no randomness), and a few leads are shared between apps (people who use
 * several of them) or invalid (to show per-row reasons).
 */
const firstNames = [
  'Ava',
  'Liam',
  'Maya',
  'Noah',
  'Zoe',
  'Ethan',
  'Lena',
  'Omar',
  'Iris',
  'Caleb',
  'Nina',
  'Jonah',
  'Priya',
  'Mateo',
  'Grace',
  'Felix',
];
const lastNames = [
  'Carter',
  'Nguyen',
  'Patel',
  'Rossi',
  'Kim',
  'Okafor',
  'Silva',
  'Brooks',
  'Hughes',
  'Moreno',
  'Adler',
  'Fischer',
  'Shah',
  'Reyes',
];
const statuses = ['lead', 'lead', 'qualified', 'lead', 'customer', 'qualified', 'lost'];
const pageSize = 25;
/** People who use several apps: the first leads of each app come from this pool. */
const sharedPeople = 30;

export interface SimulatedLead {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  status: string;
  value: number;
}

function appIndex(slug: string): number {
  return demoApps.findIndex((a) => a.slug === slug);
}

function person(seed: number, domain: string) {
  const first = firstNames[seed % firstNames.length];
  const last = lastNames[(seed * 7 + 3) % lastNames.length];
  return {
    firstName: first,
    lastName: last,
    email: `${first}.${last}${seed}@${domain}`.toLowerCase(),
    // 555-01xx numbers are reserved for fiction.
    phone: `+1512555${String(100 + (seed % 100)).padStart(4, '0')}`,
  };
}

/** Lead `k` (0-based) of an app. */
export function simulatedLead(app: DemoApp, k: number): SimulatedLead {
  const i = appIndex(app.slug);
  const shared = k < 3;
  const seed = shared ? (i * 3 + k) % sharedPeople : 1000 + i * 200 + k;
  const who = person(seed, shared ? 'people.example' : `${app.slug}.example`);
  return {
    ...who,
    // Every 13th lead has a broken address: the collection reports it with its reason.
    email: k % 13 === 12 ? `${who.firstName.toLowerCase()}-at-${app.slug}` : who.email,
    phone: shared ? who.phone : '',
    company: k % 4 === 0 ? `${who.lastName} ${['Homes', 'Studio', 'Partners', 'Group'][k % 3]}` : '',
    status: statuses[(k + i) % statuses.length],
    value: ((k * 37 + i * 11) % 50) * 20,
  };
}

export function simulatedLeads(app: DemoApp): SimulatedLead[] {
  return Array.from({ length: app.leads }, (_, k) => simulatedLead(app, k));
}

/** The app's users (User integration): the first of its leads who signed up, with where they did. */
export function simulatedUsers(app: DemoApp) {
  return simulatedLeads(app)
    .filter((_, k) => k % 5 === 1 || k === 0)
    .slice(0, 6)
    .map((lead, n) => ({
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      signupUrl: `${demoAppsPath}${app.slug}/signup`,
      createdAt: new Date(Date.UTC(2026, 0, 1 + n * 9)).toISOString(),
    }));
}

const csvCell = (v: string | number) => {
  const text = String(v);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function leadsCsv(app: DemoApp): string {
  const header = 'First Name,Last Name,Email,Phone,Company,Status,Value';
  const lines = simulatedLeads(app).map((l) =>
    [l.firstName, l.lastName, l.email, l.phone, l.company, l.status, l.value].map(csvCell).join(','),
  );
  return `${[header, ...lines].join('\n')}\n`;
}

const pages = ['about', 'pricing', 'contact'] as const;

function html(app: DemoApp, title: string, body: string): string {
  const base = `${demoAppsPath}${app.slug}`;
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} · ${esc(app.name)}</title></head>
<body><header><a href="${base}/">${esc(app.name)}</a> ${pages.map((p) => `<a href="${base}/${p}">${p}</a>`).join(' ')}
<a href="${base}/blog/launch-week">blog</a></header><main><h1>${esc(title)}</h1><p>${esc(body)}</p></main></body></html>`;
}

function sitemap(app: DemoApp): string {
  const base = `${demoAppsPath}${app.slug}`;
  // The last entry is one of the broken links a link checker should find.
  const urls = ['/', ...pages.map((p) => `/${p}`), '/blog/launch-week'];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((u) => `<url><loc>${base}${u}</loc></url>`).join('')}</urlset>
`;
}

function notFound(reply: FastifyReply) {
  return reply.status(404).type('text/plain').send('Not found');
}

export const demoAppSimulator: FastifyPluginAsync = async (app) => {
  const find = (slug: string) => demoApps.find((a) => a.slug === slug);

  app.get<{ Params: { slug: string; '*': string }; Querystring: { page?: string } }>(
    `${demoAppsPath}:slug/*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const demo = find(request.params.slug);
      if (!demo) return notFound(reply);
      const rest = request.params['*'].replace(/\/$/, '');
      if (rest === 'api/users') return reply.send(simulatedUsers(demo));
      if (rest === 'api/leads.csv') return reply.type('text/csv; charset=utf-8').send(leadsCsv(demo));
      if (rest === 'api/leads') {
        const page = Math.max(1, Number.parseInt(request.query.page ?? '1', 10) || 1);
        const all = simulatedLeads(demo);
        const data = all.slice((page - 1) * pageSize, page * pageSize);
        const next =
          page * pageSize < all.length ? `${demoAppsPath}${demo.slug}/api/leads?page=${page + 1}` : null;
        return reply.send({ data, next });
      }
      if (rest === 'sitemap.xml') return reply.type('application/xml').send(sitemap(demo));
      if (rest === '' || rest === 'signup')
        return reply.type('text/html').send(html(demo, demo.name, demo.description));
      if ((pages as readonly string[]).includes(rest))
        return reply
          .type('text/html')
          .send(html(demo, rest[0].toUpperCase() + rest.slice(1), demo.description));
      return notFound(reply);
    },
  );
};

/** Where the simulator serves an app's pieces (stored as paths; resolved against the server's own origin). */
export function demoAppUrls(demo: DemoApp) {
  const base = `${demoAppsPath}${demo.slug}`;
  return {
    site: `${base}/`,
    users: `${base}/api/users`,
    json: `${base}/api/leads`,
    csv: `${base}/api/leads.csv`,
  };
}
