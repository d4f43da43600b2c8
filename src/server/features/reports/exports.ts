import type { Writable } from 'node:stream';
import { fieldOf } from '@domain/reports/report-catalogue';
import {
  type ExportFormat,
  type ExportList,
  type ExportListQuery,
  emptyFigure,
  measureHeading,
  type ReportDefinition,
  type ReportSeries,
} from '@domain/reports/report-schemas';
import type { Tx } from '../../db/database.js';
import { reportDefinition, seriesOf } from './service.js';
import { type Cell, sheetWriter } from './sheet-writer.js';
import * as store from './store.js';

/** A download ready to stream: its file name (checked and found before any header is sent) and its writing. */
export interface ExportFile {
  fileName: string;
  write(out: Writable): Promise<void>;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A whole list (contacts, deals, tasks, campaigns' recipients, webhook deliveries) as a file, read through a
 * cursor in the request's transaction: one batch of rows in memory at a time, and the next fetched only
 * once the download has taken the last.
 */
export function listExport(tx: Tx, list: ExportList, options: ExportListQuery): ExportFile {
  const { format } = options;
  const { header, query } = store.listExport(list, options);
  return {
    fileName: `${list}-${today()}.${format}`,
    async write(out) {
      const writer = await sheetWriter(format, out, header, list);
      for await (const rows of store.cursorRows(tx, query)) await writer.addRows(rows as Cell[][]);
      await writer.end();
    },
  };
}

const breakdownHeadings = { none: '', day: 'Day', week: 'Week', month: 'Month' } as const;

/** The report's table as rows: the group, each measure, then each measure of the previous period. */
function reportTable(
  definition: ReportDefinition,
  series: ReportSeries,
): { header: string[]; rows: Cell[][] } {
  const { breakdown, measures } = definition;
  const headings = measures.map((m) => measureHeading(definition.source, m));
  const group =
    breakdown.by === 'field'
      ? (fieldOf(definition.source, breakdown.field ?? '')?.label ?? '')
      : breakdownHeadings[breakdown.by];
  const { current, previous } = series;
  const header = [group, ...headings, ...(previous ? headings.map((h) => `${h} (previous period)`) : [])];
  const rows = current.rows.map((row, index) => {
    const before = previous
      ? breakdown.by === 'field'
        ? previous.rows.find((p) => p.key === row.key)
        : previous.rows[index]
      : undefined;
    return [
      breakdown.by === 'none' ? 'Total' : (row.label ?? row.key),
      ...row.values,
      ...(previous ? measures.map((m, i) => before?.values[i] ?? emptyFigure(m)) : []),
    ];
  });
  if (breakdown.by !== 'none') rows.push(['Total', ...current.totals, ...(previous?.totals ?? [])]);
  return { header, rows };
}

/** A saved report's table as a file: the same rows and figures the screen's table shows. */
export async function reportExport(tx: Tx, id: number, format: ExportFormat): Promise<ExportFile> {
  const definition = await reportDefinition(tx, id);
  const series = await seriesOf(tx, definition, id);
  const { header, rows } = reportTable(definition, series);
  return {
    fileName: `${definition.name}.${format}`,
    async write(out) {
      const writer = await sheetWriter(format, out, header, 'Report');
      await writer.addRows(rows);
      await writer.end();
    },
  };
}
