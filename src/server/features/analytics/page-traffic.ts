import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';

/** A page's views since a time, and the contacts whose (identified) visitors viewed it. */
export interface PageTraffic {
  views: number;
  contactIds: number[];
}

/**
 * Page views of these paths of one website since `since`, from the raw events (the rollups are a day
 * behind and know no contacts); the site-and-time index bounds the scan to the window.
 */
export async function pageTraffic(
  tx: Tx,
  websiteId: number,
  paths: string[],
  since: Date,
): Promise<Map<string, PageTraffic>> {
  const result = new Map<string, PageTraffic>();
  if (paths.length === 0) return result;
  const { rows } = await tx.execute<{ path: string; views: number; contact_ids: string[] | null }>(sql`
    select path, count(*)::int as views,
      array_agg(distinct contact_id) filter (where contact_id is not null) as contact_ids
    from analytics_events
    where website_id = ${websiteId} and occurred_at >= ${since.toISOString()}::timestamptz
      and name = 'pageview' and path = any(${sql.param(paths)}::text[])
    group by path`);
  for (const row of rows)
    result.set(row.path, { views: row.views, contactIds: (row.contact_ids ?? []).map(Number) });
  return result;
}
