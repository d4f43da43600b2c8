import type {
  ReportBreakdown,
  ReportDefinition,
  ReportFilter,
  ReportMeasure,
  ReportRange,
} from '@domain/reports/report-schemas';
import { and, type SQL, sql } from 'drizzle-orm';
import { analyticsDimensionOf, fieldSql, sourceSql, type TableSql } from './catalogue.js';
import { type RollupSql, rollupFor, rollupMeasureSql } from './rollups.js';

/**
 * A definition as SQL. Every fragment comes from the catalogue (catalogue.ts), chosen by names the schema
 * already checked against it; every value a user typed (filter values, the range, the date unit) is a
 * bound parameter.
 */

function filterCondition(source: ReportDefinition['source'], filter: ReportFilter): SQL {
  const e = fieldSql(source, filter.field).expr;
  const v = filter.value;
  switch (filter.op) {
    case 'eq':
    case 'is':
      return sql`(${e}) = ${v}`;
    case 'neq':
      // "Not X" keeps the rows that have no value at all, as a reader expects.
      return sql`(${e}) is distinct from ${v}`;
    case 'gt':
      return sql`(${e}) > ${v}`;
    case 'gte':
      return sql`(${e}) >= ${v}`;
    case 'lt':
      return sql`(${e}) < ${v}`;
    case 'lte':
      return sql`(${e}) <= ${v}`;
    case 'contains':
      return sql`(${e}) ilike ${`%${String(v).replace(/[\\%_]/g, '\\$&')}%`}`;
    case 'in':
      return sql`(${e}) = any(${sql.param(v as string[])}::text[])`;
    case 'before':
      return sql`(${e}) < ${v}::date`;
    case 'after':
      return sql`(${e}) > ${v}::date`;
    case 'empty':
      return sql`((${e}) is null or (${e})::text = '')`;
    case 'notEmpty':
      return sql`((${e}) is not null and (${e})::text <> '')`;
  }
}

function measureSql(
  source: ReportDefinition['source'],
  measure: ReportMeasure,
  rollup: RollupSql | null,
): SQL {
  if (rollup)
    return rollupMeasureSql(
      rollup,
      measure,
      (field) => fieldSql(source, field).expr,
      (filter) => filterCondition(source, filter),
    );
  switch (measure.fn) {
    case 'count':
      return sql`count(*)::float8`;
    case 'sum':
      return sql`coalesce(sum(${fieldSql(source, measure.field as string).expr}), 0)::float8`;
    case 'avg':
      return sql`avg(${fieldSql(source, measure.field as string).expr})::float8`;
    case 'distinct':
      return sql`count(distinct ${fieldSql(source, measure.field as string).expr})::float8`;
    case 'rate':
      return sql`((count(*) filter (where ${filterCondition(source, measure.where as ReportFilter)}))::float8 / nullif(count(*), 0))`;
  }
}

/** The analytics rollup's dimension a definition reads (the schema allows at most one). */
function analyticsDimension(definition: ReportDefinition): string | null {
  const named = [
    definition.breakdown.by === 'field' ? definition.breakdown.field : undefined,
    ...definition.filters.map((f) => f.field),
    ...definition.measures.map((m) => m.where?.field),
  ];
  for (const field of named) {
    const dimension = field === undefined ? undefined : analyticsDimensionOf(field);
    if (dimension) return dimension;
  }
  return null;
}

function rangeCondition(source: TableSql, range: ReportRange): SQL {
  if (source.dateIsDay) return sql`${source.date} between ${range.from}::date and ${range.to}::date`;
  return sql`${source.date} >= (${range.from}::timestamp at time zone 'UTC')
    and ${source.date} < (${range.to}::timestamp at time zone 'UTC' + interval '1 day')`;
}

/**
 * The rows a definition reads in `range`, for FROM … WHERE …: the source's rollup when it answers the
 * definition, else the source's table, and every condition.
 */
function rowsOf(
  definition: ReportDefinition,
  range: ReportRange,
  source: TableSql,
): { from: SQL; where: SQL } {
  const conditions = [
    rangeCondition(source, range),
    ...(source.base ? [source.base(analyticsDimension(definition))] : []),
    ...definition.filters.map((f) => filterCondition(definition.source, f)),
  ];
  return { from: source.from, where: and(...conditions) ?? sql`true` };
}

function groupKey(definition: ReportDefinition, breakdown: ReportBreakdown, source: TableSql): SQL | null {
  if (breakdown.by === 'none') return null;
  if (breakdown.by === 'field')
    return sql`(${fieldSql(definition.source, breakdown.field as string).expr})::text`;
  // A timestamp without zone, so the period starts are UTC days whatever the session's time zone.
  const day = source.dateIsDay ? sql`(${source.date})::timestamp` : sql`(${source.date} at time zone 'UTC')`;
  return sql`to_char(date_trunc(${breakdown.by}, ${day}), 'YYYY-MM-DD')`;
}

/** Groups shown for a field breakdown, the largest first; the totals still count every row. */
export const maxGroups = 100;

/**
 * One statement per period: the groups and the totals in one scan (grouping sets), then the names of the
 * groups whose keys are ids. Answers `total` (1 on the totals row), `key`, `label` and `m0`…`mN`.
 */
export function seriesQuery(definition: ReportDefinition, range: ReportRange): SQL {
  const rollup = rollupFor(definition);
  const source = rollup ?? sourceSql[definition.source];
  const { from, where } = rowsOf(definition, range, source);
  const measures = sql.join(
    definition.measures.map(
      (m, i) => sql`${measureSql(definition.source, m, rollup)} as ${sql.identifier(`m${i}`)}`,
    ),
    sql`, `,
  );
  const key = groupKey(definition, definition.breakdown, source);
  if (!key)
    return sql`select 1 as total, null::text as key, null::text as label, ${measures} from ${from} where ${where}`;
  const { breakdown } = definition;
  const label =
    breakdown.by === 'field' ? fieldSql(definition.source, breakdown.field as string).label : undefined;
  const columns = sql.join(
    definition.measures.map((_, i) => sql.identifier(`m${i}`)),
    sql`, `,
  );
  const order =
    breakdown.by === 'field'
      ? sql`g.total desc, g.m0 desc nulls last, g.key nulls last limit ${maxGroups + 1}`
      : sql`g.total desc, g.key`;
  return sql`
    with g as (
      select grouping(b.key) as total, b.key, ${measures}
      from ${from} cross join lateral (select ${key} as key) b
      where ${where}
      group by grouping sets ((b.key), ())
    )
    select g.total, g.key, ${label ? label(sql`g.key`) : sql`null::text`} as label, ${columns}
    from g order by ${order}`;
}
