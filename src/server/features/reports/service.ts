import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import { fieldOf } from '@domain/reports/report-catalogue';
import {
  emptyFigure,
  previousRange,
  type Report,
  type ReportDefinition,
  type ReportPeriod,
  type ReportRange,
  type ReportSeries,
  type ReportSeriesRow,
  reportDefinitionSchema,
} from '@domain/reports/report-schemas';
import type { Tx } from '../../db/database.js';
import type { Member } from '../../http/session.js';
import { maxGroups } from './query.js';
import * as store from './store.js';

/**
 * A stored definition, checked again: the catalogue may have lost a field since it was saved, and a
 * definition that no longer fits must not reach the query builder.
 */
function definitionOf(row: store.ReportRow): ReportDefinition {
  const parsed = reportDefinitionSchema.safeParse(row.definition);
  if (!parsed.success) throw new AppError('conflict', serverMessage('reports.outdated'));
  return parsed.data;
}

function toReport(row: store.ReportRow): Report {
  return {
    id: row.id,
    // Listing never fails on one outdated report: it shows as saved; opening it says what is wrong.
    definition: reportDefinitionSchema.safeParse(row.definition).data ?? row.definition,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listReports(tx: Tx): Promise<{ reports: Report[] }> {
  return { reports: (await store.listReportRows(tx)).map(toReport) };
}

async function reportRow(tx: Tx, id: number): Promise<store.ReportRow> {
  const row = await store.findReportRow(tx, id);
  if (!row) throw new AppError('not_found', serverMessage('reports.notFound'));
  return row;
}

export async function getReport(tx: Tx, id: number): Promise<Report> {
  return toReport(await reportRow(tx, id));
}

export async function createReport(tx: Tx, member: Member, definition: ReportDefinition): Promise<Report> {
  return toReport(await store.insertReportRow(tx, definition, member.userId));
}

export async function updateReport(tx: Tx, id: number, definition: ReportDefinition): Promise<Report> {
  const row = await store.updateReportRow(tx, id, definition);
  if (!row) throw new AppError('not_found', serverMessage('reports.notFound'));
  return toReport(row);
}

export async function deleteReport(tx: Tx, id: number): Promise<void> {
  if (!(await store.deleteReportRow(tx, id)))
    throw new AppError('not_found', serverMessage('reports.notFound'));
}

const dayMs = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The first day of every period of `unit` that meets `range` (weeks start on Monday, as date_trunc's do). */
export function periodStarts(range: ReportRange, unit: 'day' | 'week' | 'month'): string[] {
  const end = Date.parse(range.to);
  let at = new Date(range.from);
  if (unit === 'week') at = new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * dayMs);
  if (unit === 'month') at = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const starts: string[] = [];
  while (at.getTime() <= end) {
    starts.push(isoDay(at));
    at =
      unit === 'month'
        ? new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))
        : new Date(at.getTime() + (unit === 'week' ? 7 : 1) * dayMs);
  }
  return starts;
}

function emptyValues(definition: ReportDefinition): (number | null)[] {
  return definition.measures.map(emptyFigure);
}

async function period(tx: Tx, definition: ReportDefinition, range: ReportRange): Promise<ReportPeriod> {
  const found = await store.readSeries(tx, definition, range);
  const valuesOf = (row: store.SeriesRow) => definition.measures.map((_, i) => row[`m${i}`] ?? null);
  const totalsRow = found.find((row) => row.total === 1);
  const totals = totalsRow ? valuesOf(totalsRow) : emptyValues(definition);
  const groups: ReportSeriesRow[] = found
    .filter((row) => row.total !== 1)
    .map((row) => ({ key: row.key, label: row.label, values: valuesOf(row) }));
  const { by } = definition.breakdown;
  if (by === 'none') return { range, rows: [{ key: null, label: null, values: totals }], totals };
  if (by === 'field') {
    // A field with a fixed set of values (a deal's stage) keeps its own order: a funnel reads down the pipeline.
    const options: readonly string[] | undefined = fieldOf(
      definition.source,
      definition.breakdown.field ?? '',
    )?.options;
    if (options) {
      const place = (key: string | null) =>
        key === null || !options.includes(key) ? options.length : options.indexOf(key);
      groups.sort((a, b) => place(a.key) - place(b.key));
    }
    return { range, rows: groups.slice(0, maxGroups), totals };
  }
  // Every period of the range has its row, so a line does not skip the empty days.
  const byKey = new Map(groups.map((row) => [row.key, row]));
  const rows = periodStarts(range, by).map(
    (key) => byKey.get(key) ?? { key, label: null, values: emptyValues(definition) },
  );
  return { range, rows, totals };
}

/** The series of a definition: its range, and the same number of days just before when it compares. */
export async function seriesOf(
  tx: Tx,
  definition: ReportDefinition,
  reportId: number | null,
): Promise<ReportSeries> {
  const current = await period(tx, definition, definition.range);
  const previous = definition.compare ? await period(tx, definition, previousRange(definition.range)) : null;
  return { reportId, definition, current, previous };
}

export async function reportSeries(tx: Tx, id: number): Promise<ReportSeries> {
  return seriesOf(tx, definitionOf(await reportRow(tx, id)), id);
}

/** A saved report's definition, for its export. */
export async function reportDefinition(tx: Tx, id: number): Promise<ReportDefinition> {
  return definitionOf(await reportRow(tx, id));
}
