import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';

/**
 * Form submissions made on these paths of one website since `since`, by path: the page's address as the
 * embed sent it, without scheme, host, query and fragment ('/' for the bare host).
 */
export async function submissionsByPage(
  tx: Tx,
  websiteId: number,
  paths: string[],
  since: Date,
): Promise<Map<string, number>> {
  if (paths.length === 0) return new Map();
  const { rows } = await tx.execute<{ path: string; n: number }>(sql`
    select p.path, count(*)::int as n
    from form_submissions s,
      lateral (select coalesce(nullif(split_part(split_part(
        regexp_replace(s.page_url, '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*', ''), '?', 1), '#', 1), ''), '/') as path) p
    where s.website_id = ${websiteId} and s.submitted_at >= ${since.toISOString()}::timestamptz
      and s.page_url is not null and p.path = any(${sql.param(paths)}::text[])
    group by p.path`);
  return new Map(rows.map((r) => [r.path, r.n]));
}
