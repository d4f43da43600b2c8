import { type Parser, parse } from 'csv-parse';
import { type CsvFormat, csvTextStream } from './text-encoding.js';

/** One data row of the file, or a stretch csv-parse could not read (reported as a failed row). */
export type CsvItem = { fields: string[]; line: number } | { error: string; line: number };

/**
 * A push parser that returns items in file order. csv-parse's own callbacks (`on_record`,
 * `on_skip`) fire synchronously while a chunk is parsed, so records and unreadable stretches keep
 * their relative order — the resume checkpoint counts items, and must count them the same way
 * every time the file is read.
 */
export class CsvItemParser {
  private readonly parser: Parser;
  private items: CsvItem[] = [];

  /** `format`: the delimiter, and lines before the header that were taken out of the stream (still counted in line numbers). */
  constructor(format: Pick<CsvFormat, 'delimiter' | 'skippedLines'> = { delimiter: ',', skippedLines: 0 }) {
    const offset = format.skippedLines;
    this.parser = parse({
      bom: true,
      delimiter: format.delimiter,
      // Mixed endings happen when files are edited on several systems; auto-detection would lock onto the first.
      record_delimiter: ['\r\n', '\n', '\r'],
      skip_empty_lines: true,
      relax_column_count: true,
      // Excel and hand-edited files put stray quotes inside unquoted fields; read them literally.
      relax_quotes: true,
      skip_records_with_error: true,
      on_record: (record: string[], context: { lines: number }) => {
        this.items.push({ fields: record, line: context.lines + offset });
        return null; // consumed here; nothing is queued on the stream's readable side
      },
      on_skip: (error: { message: string; lines?: number } | undefined) => {
        this.items.push({
          error: describeCsvError(error?.message ?? 'Unreadable row'),
          line: (error?.lines ?? 0) + offset,
        });
      },
    });
  }

  write(chunk: Buffer): Promise<CsvItem[]> {
    return new Promise((resolve, reject) => {
      this.parser.write(chunk, (error) => (error ? reject(error) : resolve(this.take())));
    });
  }

  end(): Promise<CsvItem[]> {
    return new Promise((resolve, reject) => {
      this.parser.once('error', reject);
      this.parser.end(() => resolve(this.take()));
      this.parser.resume();
    });
  }

  destroy(): void {
    this.parser.destroy();
  }

  private take(): CsvItem[] {
    const items = this.items;
    this.items = [];
    return items;
  }
}

function describeCsvError(message: string): string {
  if (/quote not closed/i.test(message)) {
    return 'A quoted field is never closed, so the rest of the file from here could not be read';
  }
  return `Unreadable CSV: ${message}`;
}

/** Every item of a UTF-8, comma-separated byte stream, in order; the first item is the header. */
export async function* readCsvItems(source: AsyncIterable<Buffer>): AsyncGenerator<CsvItem[]> {
  const parser = new CsvItemParser();
  try {
    for await (const chunk of source) {
      const items = await parser.write(chunk);
      if (items.length > 0) yield items;
    }
    const rest = await parser.end();
    if (rest.length > 0) yield rest;
  } finally {
    parser.destroy();
  }
}

/**
 * Every item of an uploaded file, in order, the header first: its encoding and delimiter are
 * detected from its first bytes (see CsvTextDecoder), the same way the upload detected them.
 */
export async function* readCsvFile(source: AsyncIterable<Buffer>): AsyncGenerator<CsvItem[]> {
  // Created when the format is known, which is always before the first chunk of text.
  const state: { parser: CsvItemParser | null } = { parser: null };
  const text = csvTextStream(source, (format) => {
    state.parser = new CsvItemParser(format);
  });
  try {
    for await (const chunk of text) {
      const items = (await state.parser?.write(chunk)) ?? [];
      if (items.length > 0) yield items;
    }
    const rest = (await state.parser?.end()) ?? [];
    if (rest.length > 0) yield rest;
  } finally {
    state.parser?.destroy();
  }
}

/**
 * Counts records while a file streams in, without parsing fields: a record ends at a line break
 * outside quotes (a doubled quote toggles twice, so escaped quotes need no special case), and blank
 * lines do not count. It agrees with csv-parse on well-formed files; the job's own count is final.
 */
export class CsvRecordCounter {
  records = 0;
  private inQuotes = false;
  private lineHasContent = false;
  private atStart = true;

  push(chunk: Buffer): void {
    let start = 0;
    if (this.atStart) {
      this.atStart = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) start = 3;
    }
    let inQuotes = this.inQuotes;
    let hasContent = this.lineHasContent;
    let records = this.records;
    for (let i = start; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === 0x22) {
        inQuotes = !inQuotes;
        hasContent = true;
      } else if ((byte === 0x0a || byte === 0x0d) && !inQuotes) {
        if (hasContent) records++;
        hasContent = false;
      } else {
        hasContent = true;
      }
    }
    this.inQuotes = inQuotes;
    this.lineHasContent = hasContent;
    this.records = records;
  }

  /** Records in the whole file, header included. */
  finish(): number {
    if (this.lineHasContent) this.records++;
    this.lineHasContent = false;
    return this.records;
  }
}
