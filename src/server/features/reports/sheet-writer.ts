import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ExportFormat } from '@domain/reports/report-schemas';
import { stringify } from 'csv-stringify';
import { neutraliseFormula } from '../../http/csv-download.js';

export type Cell = string | number | boolean | null;

/** Rows written one at a time into a CSV or XLSX file on `out`, never all held at once. */
export interface SheetWriter {
  /** Resolves when `out` can take more: the caller fetches the next batch only then. */
  addRows(rows: Cell[][]): Promise<void>;
  end(): Promise<void>;
}

export const exportTypes: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A text cell a spreadsheet could run as a formula gets a leading apostrophe; numbers stay numbers. */
const safe = (cell: Cell): Cell => (typeof cell === 'string' ? neutraliseFormula(cell) : cell);

/**
 * Waits while `stream`'s buffer is full, so a slow download slows the reading instead of filling memory. A
 * download the reader abandoned (the stream destroyed) fails the export, which ends its transaction.
 */
function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      stream.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      stream.off('drain', onDrain);
      reject(new Error('the download was closed'));
    };
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}

function csvWriter(out: Writable, header: string[]): SheetWriter {
  // UTF-8 with a BOM, so Excel reads it as UTF-8.
  const csv = stringify({ bom: true });
  csv.pipe(out);
  const write = (row: Cell[]) => csv.write(row.map(safe));
  write(header);
  return {
    async addRows(rows) {
      for (const row of rows) write(row);
      await drained(csv);
      await drained(out);
    },
    async end() {
      csv.end();
      await finished(out);
    },
  };
}

async function xlsxWriter(out: Writable, header: string[], sheetName: string): Promise<SheetWriter> {
  // Loaded on first use: exceljs holds ~25 MB in every process that imports it, and most never write XLSX.
  const { default: ExcelJS } = await import('exceljs');
  // Inline strings and no styles: the streaming writer then keeps nothing per row once a row is committed.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header.map(safe)).commit();
  return {
    async addRows(rows) {
      for (const row of rows) sheet.addRow(row.map(safe)).commit();
      // The zip is written as rows come; give it its turn, then wait for the download to take it.
      await new Promise((resolve) => setImmediate(resolve));
      await drained(out);
    },
    async end() {
      sheet.commit();
      await Promise.all([workbook.commit(), finished(out)]);
    },
  };
}

export async function sheetWriter(
  format: ExportFormat,
  out: Writable,
  header: string[],
  sheetName: string,
): Promise<SheetWriter> {
  return format === 'csv' ? csvWriter(out, header) : xlsxWriter(out, header, sheetName);
}
