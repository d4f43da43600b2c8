import pg from 'pg';
import { publicTokenColumns } from '../src/server/db/public-tokens.js';

/**
 * How the public tokens directory (ADR 0015) differs from the workspace's token columns: `missing <kind> <token>`
 * for a token no entry claims, `stale <kind> <token>` for an entry whose row is gone (read as the owner: the
 * runtime role cannot see the directory). The stores write the
 * directory; a store that forgets to leaves a difference here.
 */
export async function directoryDifference(ownerUrl: string, workspaceId: number): Promise<string[]> {
  const held = Object.entries(publicTokenColumns)
    .map(
      ([kind, { table, column }]) =>
        `select '${kind}' as kind, "${column}" as token from "${table}" where workspace_id = $1 and "${column}" is not null`,
    )
    .join(' union all ');
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  const { rows } = await owner
    .query<{ difference: string }>(
      `with held as (${held}), listed as (select kind, token from public_tokens where workspace = $1)
     select case when l.token is null then 'missing ' || h.kind || ' ' || h.token
                 else 'stale ' || l.kind || ' ' || l.token end as difference
     from held h full join listed l on l.kind = h.kind and l.token = h.token
     where h.token is null or l.token is null
     order by 1`,
      [workspaceId],
    )
    .finally(() => owner.end());
  return rows.map((r) => r.difference);
}
