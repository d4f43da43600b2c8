/*
 * A workspace table's rows as a before/after comparison should read them (merge and undo: the duplicates
 * API test and bench/duplicates). Counters split over rows by the connection that wrote them (contact_stats,
 * migration 1331; contact_daily_rollups, migration 1370) hold one value per key as the sum of their shards:
 * a change and its reversal on two pooled connections leave the same sums on other rows, and a group whose
 * shards sum to zero is no group. So those two are compared by their sums.
 */
export function comparableRows(table: string): string {
  if (table === 'contact_stats')
    return `(select workspace_id, jsonb_object_agg(key, n) as sums from (
         select workspace_id, key, sum(value::numeric) as n from contact_stats c,
           jsonb_each(to_jsonb(c) - 'workspace_id' - 'shard') group by 1, 2) x group by 1)`;
  if (table === 'contact_daily_rollups')
    return `(select workspace_id, day, source, status, owner_id, contact_type,
         sum(n) as n, sum(value_cents) as value_cents from contact_daily_rollups
         group by 1, 2, 3, 4, 5, 6 having sum(n) <> 0 or sum(value_cents) <> 0)`;
  return `"${table}"`;
}
