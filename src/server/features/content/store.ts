import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { contentItems, contentWordpress } from '../../db/schema/content.js';

export type ContentRow = typeof contentItems.$inferSelect;
export type ContentInsert = typeof contentItems.$inferInsert;
export type ContentPatch = Partial<Omit<ContentInsert, 'id' | 'workspaceId' | 'createdAt' | 'updatedAt'>>;
export type WordpressRow = typeof contentWordpress.$inferSelect;

/** The list's cap: the content tab reads the newest items; older ones are still served by id. */
const listLimit = 200;

/** Inserts the item, or answers undefined when its slug was taken meanwhile (a concurrent insert). */
export async function insertItem(tx: Tx, item: ContentInsert): Promise<ContentRow | undefined> {
  const [row] = await tx
    .insert(contentItems)
    .values(item)
    .onConflictDoNothing({ target: [contentItems.workspaceId, contentItems.slug] })
    .returning();
  return row;
}

/** The newest items; with `websiteId`, that website's and those for all websites (no website). */
export async function listItems(tx: Tx, websiteId?: number): Promise<ContentRow[]> {
  return tx
    .select()
    .from(contentItems)
    .where(
      websiteId === undefined
        ? undefined
        : or(eq(contentItems.websiteId, websiteId), isNull(contentItems.websiteId)),
    )
    .orderBy(desc(contentItems.createdAt), desc(contentItems.id))
    .limit(listLimit);
}

export async function hasAnyItem(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ id: contentItems.id }).from(contentItems).limit(1);
  return row !== undefined;
}

export async function findItem(tx: Tx, id: number, forUpdate = false): Promise<ContentRow | undefined> {
  const query = tx.select().from(contentItems).where(eq(contentItems.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findPublishedBySlug(tx: Tx, slug: string): Promise<ContentRow | undefined> {
  const [row] = await tx
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.slug, slug), eq(contentItems.status, 'published')));
  return row;
}

const feedLimit = 50;

export async function listPublishedForWebsite(tx: Tx, websiteId: number): Promise<ContentRow[]> {
  return tx
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.status, 'published'), eq(contentItems.websiteId, websiteId)))
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.id))
    .limit(feedLimit);
}

export async function updateItem(tx: Tx, id: number, patch: ContentPatch): Promise<ContentRow | undefined> {
  const [row] = await tx.update(contentItems).set(patch).where(eq(contentItems.id, id)).returning();
  return row;
}

export async function deleteItem(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .delete(contentItems)
    .where(eq(contentItems.id, id))
    .returning({ id: contentItems.id });
  return rows.length > 0;
}

/** Slugs already taken that start with `base`, so a new item gets the first free `base-N`. */
export async function slugsLike(tx: Tx, base: string): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: contentItems.slug })
    .from(contentItems)
    .where(sql`(${contentItems.slug} = ${base} or ${contentItems.slug} like ${`${base}-%`})`);
  return new Set(rows.map((r) => r.slug));
}

/**
 * What a generation's prompt knows of the workspace, in one round trip (paid before the first token): its
 * name, and the most common tags and kinds among its latest 1,000 contacts, the workspace's own words for who
 * its customers are. A sample, so a draft costs the same in a workspace of a million contacts.
 */
export async function workspaceAudience(tx: Tx, terms: number): Promise<{ name: string; terms: string[] }> {
  const result = await tx.execute<{ name: string | null; terms: string[] }>(sql`
    with recent as (select tags, contact_type from contacts order by id desc limit 1000),
    ranked as (
      select term, count(*) as n from (
        select unnest(tags) as term from recent
        union all
        select contact_type from recent where contact_type is not null
      ) t
      where btrim(term) <> ''
      group by term
      order by n desc, term
      limit ${terms}
    )
    select (select name from workspaces where id = app_current_workspace()) as name,
           coalesce((select array_agg(term order by n desc, term) from ranked), '{}') as terms`);
  const row = result.rows[0];
  return { name: row?.name ?? '', terms: row?.terms ?? [] };
}

export async function dueEverywhere(tx: Tx, at: Date): Promise<{ workspaceId: number; id: number }[]> {
  const result = await tx.execute<{ workspace_id: string; id: string }>(
    sql`select * from app_due_content(${at.toISOString()}::timestamptz)`,
  );
  return result.rows.map((r) => ({ workspaceId: Number(r.workspace_id), id: Number(r.id) }));
}

/** Scheduled items go back to draft (a restored copy's: see backups' restore); the owner schedules them again. */
export async function unscheduleAll(tx: Tx): Promise<void> {
  await tx
    .update(contentItems)
    .set({ status: 'draft', scheduledAt: null })
    .where(eq(contentItems.status, 'scheduled'));
}

export async function findWordpress(tx: Tx): Promise<WordpressRow | undefined> {
  const [row] = await tx.select().from(contentWordpress);
  return row;
}

export async function upsertWordpress(
  tx: Tx,
  values: { siteUrl: string; username: string; sealedPassword: string },
): Promise<void> {
  await tx
    .insert(contentWordpress)
    .values(values)
    .onConflictDoUpdate({ target: contentWordpress.workspaceId, set: values });
}

export async function setWordpressSealedPassword(tx: Tx, sealedPassword: string): Promise<void> {
  await tx.update(contentWordpress).set({ sealedPassword });
}

export async function deleteWordpress(tx: Tx): Promise<void> {
  await tx.delete(contentWordpress);
}
