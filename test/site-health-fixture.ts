import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/database.js';

/**
 * Issue 33 §2's fixture site: three pages of known traffic, each linking to a page that answers 404 until
 * the site is "fixed", when the three answer 200. Any other path answers 404.
 */
export interface FixtureSite {
  url: string;
  /** Paths a test makes answer with a status of its choosing (an empty page). */
  statuses: Map<string, number>;
  fix(): void;
  close(): Promise<void>;
}

export async function startFixtureSite(): Promise<FixtureSite> {
  let fixed = false;
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`;
  const pages: Record<string, string> = {
    '/': page(
      'Home',
      '<a href="/pricing">Pricing</a> <a href="/blog">Blog</a> <a href="/contact">Contact</a>',
    ),
    '/pricing': page('Pricing', '<a href="/old-pricing">Last year’s prices</a>'),
    '/blog': page('Blog', '<a href="/missing-post">Our story</a>'),
    '/contact': page('Contact', '<a href="/gone-form">Write to us</a>'),
  };
  const broken = new Set(['/old-pricing', '/missing-post', '/gone-form']);
  const statuses = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const status = statuses.get(path);
    if (status !== undefined) {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : page(String(status), ''));
      return;
    }
    const body = pages[path] ?? (broken.has(path) && fixed ? page('Back', 'Here again') : null);
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.method === 'HEAD' ? undefined : (body ?? 'Not found'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    statuses,
    fix: () => {
      fixed = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `views` page views of a path `daysAgo` days back, stamped with `contactId` when given. */
export async function addPageViews(
  database: Database,
  target: { workspaceId: number; websiteId: number },
  view: { path: string; views: number; daysAgo: number; contactId?: number },
) {
  await database.withWorkspace(target.workspaceId, async (tx) => {
    const at = new Date(Date.now() - view.daysAgo * 86_400_000);
    await tx.execute(sql`select app_analytics_ensure_partition(${at.toISOString()}::date)`);
    await tx.execute(sql`
      insert into analytics_events (website_id, occurred_at, visitor_id, name, path, device, contact_id)
      select ${target.websiteId}, ${at.toISOString()}::timestamptz, g, 'pageview', ${view.path}, 'desktop',
        ${view.contactId ?? null}
      from generate_series(1, ${view.views}) g`);
  });
}
