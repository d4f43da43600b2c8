import type { ReportSourceId } from '@domain/reports/report-catalogue';
import type { ReportDefinition, ReportFilter, ReportMeasure } from '@domain/reports/report-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { TableSql } from './catalogue.js';

/**
 * Per-day rollups a report reads in place of a source's rows when it can (issue 34 §1 targets): the
 * rollup's columns carry the catalogue's column names, so the catalogue's SQL for a grouped field reads
 * them unchanged, and the measures become sums over the rollup's counts. Kept exact by triggers (migrations
 * 1315, 1370); a report naming anything else (a text field, a filter on a value) reads the rows.
 */
export interface RollupSql extends TableSql {
  /** Fields the rollup groups by: a report may break down, filter, count distinct and rate by these. */
  grouped: ReadonlySet<string>;
  /** Number fields the rollup sums (in the field's units, as the catalogue reports them); none is null. */
  sums: Record<string, SQL>;
}

const contactRollup: RollupSql = {
  // The stored key has no nulls (0 for no owner, '' for no type); read back as the rows have them. A
  // group is split over its writers' shards (migration 1370): its rows summed, none when they sum to 0.
  from: sql`(select day, source, status, nullif(owner_id, 0) as owner_id,
    nullif(contact_type, '') as contact_type, sum(n)::bigint as n, sum(value_cents)::bigint as value_cents
    from contact_daily_rollups group by workspace_id, day, source, status, owner_id, contact_type
    having sum(n) <> 0) t`,
  date: sql`t.day`,
  dateIsDay: true,
  grouped: new Set(['status', 'source', 'owner', 'type']),
  sums: { value: sql`t.value_cents / 100.0` },
};

const rollups: Partial<Record<ReportSourceId, RollupSql>> = { contacts: contactRollup };

const count = sql`coalesce(sum(t.n), 0)`;

/** The rollup that answers `definition` exactly, or null when only the rows can. */
export function rollupFor(definition: ReportDefinition): RollupSql | null {
  const rollup = rollups[definition.source];
  if (!rollup) return null;
  const groups = (field: string | undefined) => field !== undefined && rollup.grouped.has(field);
  const answers = (m: ReportMeasure) => {
    switch (m.fn) {
      case 'count':
        return true;
      case 'sum':
      case 'avg':
        return Object.hasOwn(rollup.sums, m.field as string);
      case 'distinct':
        return groups(m.field);
      case 'rate':
        return groups(m.where?.field);
    }
  };
  const fine =
    (definition.breakdown.by !== 'field' || groups(definition.breakdown.field)) &&
    definition.filters.every((f) => groups(f.field)) &&
    definition.measures.every(answers);
  return fine ? rollup : null;
}

/** A measure over the rollup's groups; `condition` is the filter SQL the row scan would use. */
export function rollupMeasureSql(
  rollup: RollupSql,
  measure: ReportMeasure,
  expr: (field: string) => SQL,
  condition: (filter: ReportFilter) => SQL,
): SQL {
  switch (measure.fn) {
    case 'count':
      return sql`${count}::float8`;
    case 'sum':
      return sql`coalesce(sum(${rollup.sums[measure.field as string]}), 0)::float8`;
    case 'avg':
      return sql`(sum(${rollup.sums[measure.field as string]}) / nullif(sum(t.n), 0))::float8`;
    case 'distinct':
      // Every stored group has at least one row, so a value present in a group is a value of some row.
      return sql`count(distinct ${expr(measure.field as string)})::float8`;
    case 'rate':
      return sql`(coalesce(sum(t.n) filter (where ${condition(measure.where as ReportFilter)}), 0)::float8 / nullif(${count}, 0))`;
  }
}
