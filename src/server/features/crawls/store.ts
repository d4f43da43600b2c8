import { messageRef, type StoredMessage } from '@domain/messages';
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { siteCrawls, siteHealthSettings, siteLinks, siteUrls } from '../../db/schema/crawls.js';

export type CrawlRow = typeof siteCrawls.$inferSelect;
export type UrlRow = typeof siteUrls.$inferSelect;
export type NewUrlRow = Omit<typeof siteUrls.$inferInsert, 'workspaceId' | 'crawlId'>;
export type LinkRow = Pick<
  typeof siteLinks.$inferSelect,
  'sourceUrl' | 'targetUrl' | 'anchorText' | 'nofollow'
> & {
  /** The element and attribute of a subresource ('img[src]'); null or absent for a page link. */
  element?: string | null;
};
export type SettingsRow = typeof siteHealthSettings.$inferSelect;

export async function findSettings(tx: Tx, websiteId: number): Promise<SettingsRow | null> {
  const [row] = await tx.select().from(siteHealthSettings).where(eq(siteHealthSettings.websiteId, websiteId));
  return row ?? null;
}

export async function listSettings(tx: Tx): Promise<SettingsRow[]> {
  return tx.select().from(siteHealthSettings);
}

export async function upsertSettings(
  tx: Tx,
  websiteId: number,
  values: Partial<Omit<typeof siteHealthSettings.$inferInsert, 'workspaceId' | 'websiteId'>>,
): Promise<void> {
  const insert = tx.insert(siteHealthSettings).values({
    websiteId,
    serverType: 'nginx',
    pageBudget: 500,
    maxDepth: 5,
    keywords: [],
    ...values,
  });
  await (Object.keys(values).length > 0
    ? insert.onConflictDoUpdate({
        target: [siteHealthSettings.workspaceId, siteHealthSettings.websiteId],
        set: values,
      })
    : insert.onConflictDoNothing());
}

export async function insertCrawl(
  tx: Tx,
  values: Omit<typeof siteCrawls.$inferInsert, 'workspaceId' | 'id'>,
): Promise<CrawlRow> {
  const [row] = await tx.insert(siteCrawls).values(values).returning();
  return row;
}

export async function findCrawl(tx: Tx, crawlId: number): Promise<CrawlRow | null> {
  const [row] = await tx.select().from(siteCrawls).where(eq(siteCrawls.id, crawlId));
  return row ?? null;
}

/** The unfinished crawl of a website, if one is queued or running (a second one is not started). */
export async function findUnfinishedCrawl(
  tx: Tx,
  websiteId: number,
  kind: 'full' | 'verify',
): Promise<CrawlRow | null> {
  const [row] = await tx
    .select()
    .from(siteCrawls)
    .where(
      and(
        eq(siteCrawls.websiteId, websiteId),
        eq(siteCrawls.kind, kind),
        inArray(siteCrawls.status, ['queued', 'running']),
      ),
    )
    .orderBy(desc(siteCrawls.id))
    .limit(1);
  return row ?? null;
}

/** Takes the crawl for this worker unless another holds a live lease; null when it is not to be worked on. */
export async function claimCrawl(tx: Tx, crawlId: number, leaseSeconds: number): Promise<CrawlRow | null> {
  const [row] = await tx
    .update(siteCrawls)
    .set({
      status: 'running',
      startedAt: sql`coalesce(${siteCrawls.startedAt}, now())`,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(
      and(
        eq(siteCrawls.id, crawlId),
        inArray(siteCrawls.status, ['queued', 'running']),
        or(isNull(siteCrawls.leaseUntil), lt(siteCrawls.leaseUntil, sql`now()`)),
      ),
    )
    .returning();
  return row ?? null;
}

export async function renewLease(tx: Tx, crawlId: number, leaseSeconds: number): Promise<void> {
  await tx
    .update(siteCrawls)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(eq(siteCrawls.id, crawlId));
}

export async function updateCrawl(
  tx: Tx,
  crawlId: number,
  values: Partial<Omit<typeof siteCrawls.$inferInsert, 'workspaceId' | 'id'>>,
): Promise<void> {
  await tx.update(siteCrawls).set(values).where(eq(siteCrawls.id, crawlId));
}

/** Crawls still queued or running end failed with `reason` (a restored copy's: see backups' restore). */
export async function failUnfinishedCrawls(tx: Tx, reason: StoredMessage, at: Date): Promise<void> {
  await tx
    .update(siteCrawls)
    .set({
      status: 'failed',
      error: reason.text,
      errorMessage: messageRef(reason),
      leaseUntil: null,
      finishedAt: at,
    })
    .where(inArray(siteCrawls.status, ['queued', 'running']));
}

export async function nextQueuedUrls(tx: Tx, crawlId: number, limit: number): Promise<UrlRow[]> {
  return tx
    .select()
    .from(siteUrls)
    .where(and(eq(siteUrls.crawlId, crawlId), eq(siteUrls.state, 'queued')))
    .orderBy(asc(siteUrls.depth), asc(siteUrls.url))
    .limit(limit);
}

export async function knownUrls(tx: Tx, crawlId: number, urls: string[]): Promise<Set<string>> {
  const { rows } = await tx.execute<{ url: string }>(sql`
    select url from site_urls where crawl_id = ${crawlId} and url = any(${sql.param(urls)}::text[])`);
  return new Set(rows.map((row) => row.url));
}

/** Internal URLs that count against the page budget: every page queued or fetched (subresources do not). */
export async function countBudgetedUrls(tx: Tx, crawlId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(siteUrls)
    .where(
      and(
        eq(siteUrls.crawlId, crawlId),
        eq(siteUrls.internal, true),
        eq(siteUrls.resource, false),
        inArray(siteUrls.state, ['queued', 'done']),
      ),
    );
  return row.n;
}

/*
 * The crawler's writes are one statement per batch, the rows passed as arrays or one JSON document:
 * statement by statement, or built by the query builder, they cost more than the fetching (bench/crawl).
 */

export async function insertUrls(tx: Tx, crawlId: number, rows: NewUrlRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into site_urls (crawl_id, url, internal, depth, state, skip_reason, resource)
    select ${crawlId}, * from unnest(${sql.param(rows.map((r) => r.url))}::text[], ${sql.param(rows.map((r) => r.internal))}::boolean[],
      ${sql.param(rows.map((r) => r.depth))}::int[], ${sql.param(rows.map((r) => r.state ?? 'queued'))}::text[],
      ${sql.param(rows.map((r) => r.skipReason ?? null))}::text[], ${sql.param(rows.map((r) => r.resource ?? false))}::boolean[])
    on conflict do nothing`);
}

/** What a visit learnt about a URL; a field left out is stored as unknown (null). */
export type UrlVisitValues = Partial<Omit<NewUrlRow, 'url' | 'internal' | 'depth' | 'skipReason'>>;

/** Every visited URL of a batch in one UPDATE. */
export async function updateUrls(
  tx: Tx,
  crawlId: number,
  visits: { url: string; values: UrlVisitValues }[],
): Promise<void> {
  if (visits.length === 0) return;
  const records = visits.map(({ url, values }) => ({
    url,
    state: values.state ?? 'done',
    fetched_at: values.fetchedAt ?? null,
    http_status: values.httpStatus ?? null,
    location: values.location ?? null,
    redirect_chain: values.redirectChain ?? null,
    error: values.error ?? null,
    response_ms: values.responseMs ?? null,
    size_bytes: values.sizeBytes ?? null,
    content_type: values.contentType ?? null,
    title: values.title ?? null,
    meta_description: values.metaDescription ?? null,
    canonical: values.canonical ?? null,
    headings: values.headings ?? null,
    word_count: values.wordCount ?? null,
    images: values.images ?? null,
    hreflang: values.hreflang ?? null,
    robots_directives: values.robotsDirectives ?? null,
    seo: values.seo ?? null,
    seo_score: values.seoScore ?? null,
  }));
  await tx.execute(sql`
    update site_urls u set state = r.state, fetched_at = r.fetched_at, http_status = r.http_status,
      location = r.location, redirect_chain = r.redirect_chain, error = r.error, response_ms = r.response_ms,
      size_bytes = r.size_bytes, content_type = r.content_type, title = r.title,
      meta_description = r.meta_description, canonical = r.canonical, headings = r.headings,
      word_count = r.word_count, images = r.images, hreflang = r.hreflang,
      robots_directives = r.robots_directives, seo = r.seo, seo_score = r.seo_score
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(url text, state text,
      fetched_at timestamptz, http_status int, location text, redirect_chain jsonb, error text,
      response_ms int, size_bytes int, content_type text, title text, meta_description text, canonical text,
      headings jsonb, word_count int, images jsonb, hreflang jsonb, robots_directives text, seo jsonb,
      seo_score int)
    where u.crawl_id = ${crawlId} and u.url = r.url`);
}

export async function insertLinks(tx: Tx, crawlId: number, links: LinkRow[]): Promise<void> {
  if (links.length === 0) return;
  await tx.execute(sql`
    insert into site_links (crawl_id, source_url, target_url, anchor_text, nofollow, element)
    select ${crawlId}, * from unnest(${sql.param(links.map((l) => l.sourceUrl))}::text[],
      ${sql.param(links.map((l) => l.targetUrl))}::text[], ${sql.param(links.map((l) => l.anchorText))}::text[],
      ${sql.param(links.map((l) => l.nofollow))}::boolean[], ${sql.param(links.map((l) => l.element ?? null))}::text[])
    on conflict do nothing`);
}

export async function crawlUrls(tx: Tx, crawlId: number): Promise<UrlRow[]> {
  return tx.select().from(siteUrls).where(eq(siteUrls.crawlId, crawlId)).orderBy(asc(siteUrls.url));
}

export async function crawlLinks(tx: Tx, crawlId: number): Promise<LinkRow[]> {
  return tx
    .select({
      sourceUrl: siteLinks.sourceUrl,
      targetUrl: siteLinks.targetUrl,
      anchorText: siteLinks.anchorText,
      nofollow: siteLinks.nofollow,
      element: siteLinks.element,
    })
    .from(siteLinks)
    .where(eq(siteLinks.crawlId, crawlId));
}

export async function urlStateCounts(
  tx: Tx,
  crawlId: number,
): Promise<Record<'queued' | 'done' | 'skipped', number>> {
  const rows = await tx
    .select({ state: siteUrls.state, n: count() })
    .from(siteUrls)
    .where(eq(siteUrls.crawlId, crawlId))
    .groupBy(siteUrls.state);
  const counts = { queued: 0, done: 0, skipped: 0 };
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

/** The newest crawls of a website of one kind, newest first (status filter optional). */
export async function listCrawls(
  tx: Tx,
  websiteId: number,
  options: { kind: 'full' | 'verify'; status?: CrawlRow['status']; limit: number },
): Promise<CrawlRow[]> {
  return tx
    .select()
    .from(siteCrawls)
    .where(
      and(
        eq(siteCrawls.websiteId, websiteId),
        eq(siteCrawls.kind, options.kind),
        options.status ? eq(siteCrawls.status, options.status) : undefined,
      ),
    )
    .orderBy(desc(siteCrawls.id))
    .limit(options.limit);
}

/** Crawls a stopped server left unfinished, in every workspace (ids only). */
export async function unfinishedCrawlsEverywhere(
  db: Db | Tx,
): Promise<{ workspaceId: number; crawlId: number }[]> {
  const { rows } = await db.execute<{ workspace_id: string; id: string }>(
    sql`select workspace_id, id from app_unfinished_site_crawls()`,
  );
  return rows.map((r) => ({ workspaceId: Number(r.workspace_id), crawlId: Number(r.id) }));
}

export async function allWebsitesEverywhere(
  db: Db | Tx,
): Promise<{ workspaceId: number; websiteId: number }[]> {
  const { rows } = await db.execute<{ workspace_id: string; website_id: number }>(
    sql`select workspace_id, website_id from app_all_websites()`,
  );
  return rows.map((r) => ({ workspaceId: Number(r.workspace_id), websiteId: Number(r.website_id) }));
}

/** The fetched rows of these URLs in each website's latest finished full crawl (newest crawl first). */
export async function latestCrawledRows(tx: Tx, urls: string[]): Promise<UrlRow[]> {
  if (urls.length === 0) return [];
  const { rows } = await tx.execute<{ id: number }>(sql`
    select distinct on (website_id) id from site_crawls
    where kind = 'full' and status = 'done' order by website_id, id desc`);
  if (rows.length === 0) return [];
  return tx
    .select()
    .from(siteUrls)
    .where(
      and(
        inArray(
          siteUrls.crawlId,
          rows.map((r) => Number(r.id)),
        ),
        inArray(siteUrls.url, urls),
        eq(siteUrls.state, 'done'),
      ),
    )
    .orderBy(desc(siteUrls.crawlId));
}
