import type { ReportDefinition, ReportRange } from '@domain/reports/report-schemas';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { reports } from '../../db/schema/reports.js';
import { seriesQuery } from './query.js';

export type ReportRow = typeof reports.$inferSelect;

export async function listReportRows(tx: Tx): Promise<ReportRow[]> {
  return tx
    .select()
    .from(reports)
    .orderBy(asc(sql`lower(${reports.name})`), asc(reports.id));
}

export async function findReportRow(tx: Tx, id: number): Promise<ReportRow | undefined> {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id));
  return row;
}

export async function insertReportRow(
  tx: Tx,
  definition: ReportDefinition,
  createdBy: number,
): Promise<ReportRow> {
  const [row] = await tx.insert(reports).values({ name: definition.name, definition, createdBy }).returning();
  return row;
}

export async function updateReportRow(
  tx: Tx,
  id: number,
  definition: ReportDefinition,
): Promise<ReportRow | undefined> {
  const [row] = await tx
    .update(reports)
    .set({ name: definition.name, definition })
    .where(eq(reports.id, id))
    .returning();
  return row;
}

export async function deleteReportRow(tx: Tx, id: number): Promise<boolean> {
  const deleted = await tx.delete(reports).where(eq(reports.id, id)).returning({ id: reports.id });
  return deleted.length > 0;
}

/** One row of `seriesQuery`: `total` is 1 on the row of totals; `m0`…`mN` are the measures. */
export interface SeriesRow {
  total: number;
  key: string | null;
  label: string | null;
  [measure: `m${number}`]: number | null;
}

export async function readSeries(
  tx: Tx,
  definition: ReportDefinition,
  range: ReportRange,
): Promise<SeriesRow[]> {
  const { rows } = await tx.execute<SeriesRow & Record<string, unknown>>(seriesQuery(definition, range));
  return rows;
}

/** Rows fetched per round trip of an export's cursor: large enough to keep the round trips few. */
const cursorBatch = 2_000;

/**
 * The rows of `query`, a batch at a time, through a server-side cursor in the caller's transaction (its
 * workspace, row-level security): memory holds one batch, whatever the row count. The caller awaits each
 * batch's writing before the next is fetched, so a slow reader slows the fetching rather than filling memory.
 */
export async function* cursorRows<T extends Record<string, unknown>>(
  tx: Tx,
  query: SQL,
): AsyncGenerator<T[]> {
  await tx.execute(sql`declare report_export no scroll cursor for ${query}`);
  try {
    for (;;) {
      const { rows } = await tx.execute<T>(sql.raw(`fetch forward ${cursorBatch} from report_export`));
      if (rows.length > 0) yield rows as T[];
      if (rows.length < cursorBatch) return;
    }
  } finally {
    await tx.execute(sql`close report_export`).catch(() => {});
  }
}
