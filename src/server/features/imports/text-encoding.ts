/**
 * How a CSV file is written: its text encoding and its field delimiter, decided from its first bytes.
 * Spreadsheet programs save CSV in whatever their locale uses: Latin-1/Windows-1252 without a BOM
 * (older Excel, many European exports), semicolons where the comma is the decimal mark, "Unicode
 * text" as tab-separated UTF-16LE with a BOM, and an optional `sep=X` first line naming the delimiter.
 */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface CsvFormat {
  encoding: TextEncodingName;
  delimiter: string;
  /** Lines before the header that are not CSV (Excel's `sep=X` line): line numbers still count them. */
  skippedLines: number;
}

/** The candidate delimiters, in the order that wins a tie (a file with none of them is comma-separated). */
const delimiters = [',', ';', '\t', '|'] as const;

/**
 * Bytes looked at before deciding. The decision is made once, on the start of the file, so memory
 * stays bounded however large the upload is; the upload and the import job decide from the same
 * bytes, so they always agree.
 */
export const sniffBytes = 64 * 1024;

/**
 * Windows-1252's characters at 0x80–0x9F, the range where it differs from Latin-1 (€, curly quotes,
 * dashes, …). Node 20's TextDecoder('windows-1252') decodes that range as C1 control characters
 * (ISO-8859-1), so the table is applied here. The five bytes Windows-1252 leaves undefined
 * (0x81, 0x8D, 0x8F, 0x90, 0x9D) cannot be a name or an address: they become U+FFFD, and the row
 * holding one fails with a reason instead of storing an invisible control character.
 */
const cp1252High = '€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ';

function decodeWindows1252(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  return /[\x80-\x9f]/.test(text)
    ? text.replace(/[\x80-\x9f]/g, (c) => cp1252High[c.charCodeAt(0) - 0x80])
    : text;
}

/**
 * Whether `bytes` read as UTF-8: true when they are valid UTF-8 (a character cut off at the end is
 * allowed when more bytes follow), and also when they hold valid multi-byte characters besides a
 * broken stretch. Such a file is UTF-8 with a damaged part: read as Windows-1252, every one of its
 * good names would turn into mojibake ("ZoÃ«") without a word, where read as UTF-8 only the damaged
 * rows fail, with a reason. Latin-1 text almost never forms a valid multi-byte sequence by chance.
 */
function readsAsUtf8(bytes: Buffer, complete: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !complete });
    return true;
  } catch {
    return /[\u0080-\uFFFC\uFFFE-\u{10FFFF}]/u.test(bytes.toString('utf8'));
  }
}

function encodingOf(head: Buffer, complete: boolean): TextEncodingName {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  // Without a BOM: bytes that are not UTF-8 are taken as Windows-1252 (a superset of Latin-1 in its
  // printable range), which every byte sequence is; reading them as UTF-8 would store U+FFFD.
  return readsAsUtf8(head, complete) ? 'utf-8' : 'windows-1252';
}

/** Excel's first line naming the delimiter: `sep=;` (some tools quote it). */
const sepLine = /^"?sep=([^"\r\n])"?(\r\n|\n|\r|$)/i;

/** The delimiter that occurs most often outside quotes in the first non-blank line of `text`. */
export function guessDelimiter(text: string): string {
  const counts = new Map<string, number>(delimiters.map((d) => [d, 0]));
  let inQuotes = false;
  let started = false;
  for (const c of text) {
    if (c === '"') inQuotes = !inQuotes;
    else if ((c === '\n' || c === '\r') && !inQuotes) {
      if (started) break;
    } else if (!inQuotes && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
    if (c !== '\n' && c !== '\r') started = true;
  }
  let best: string = delimiters[0];
  for (const d of delimiters) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/**
 * A CSV file's bytes as UTF-8 text without a BOM or a `sep=` line, whatever its encoding. It holds
 * back the first `sniffBytes` (or the whole file, when smaller) until it has decided the format;
 * after that every chunk is decoded as it comes. Invalid sequences later in the file become U+FFFD,
 * which the row validation refuses (see validateRow), so nothing undecodable is ever stored.
 */
export class CsvTextDecoder {
  format: CsvFormat | null = null;
  private head: Buffer[] = [];
  private headBytes = 0;
  private utf16: TextDecoder | null = null;

  push(chunk: Buffer): Buffer {
    if (this.format) return this.decode(chunk, false);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < sniffBytes) return Buffer.alloc(0);
    return this.decide(false);
  }

  end(): Buffer {
    if (!this.format) return this.headBytes === 0 ? Buffer.alloc(0) : this.decide(true);
    return this.decode(Buffer.alloc(0), true);
  }

  private decide(complete: boolean): Buffer {
    const head = Buffer.concat(this.head, this.headBytes);
    this.head = [];
    const encoding = encodingOf(head, complete);
    if (encoding === 'utf-16le' || encoding === 'utf-16be') this.utf16 = new TextDecoder(encoding); // drops the BOM
    this.format = { encoding, delimiter: ',', skippedLines: 0 };
    let text = this.decode(head, complete);
    if (text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf) text = text.subarray(3);
    // Only the head is searched; a header line longer than it is counted as far as it goes.
    const start = text.subarray(0, Math.min(text.length, sniffBytes)).toString('utf8');
    const sep = sepLine.exec(start);
    if (sep) {
      this.format.delimiter = sep[1];
      this.format.skippedLines = 1;
      return text.subarray(Buffer.byteLength(sep[0]));
    }
    this.format.delimiter = guessDelimiter(start);
    return text;
  }

  private decode(chunk: Buffer, end: boolean): Buffer {
    const encoding = this.format?.encoding;
    // UTF-8 passes through as bytes: the CSV parser decodes each field whole, so a character split
    // across chunks is never cut, and an invalid sequence becomes U+FFFD in that field.
    if (encoding === 'utf-8') return chunk;
    if (encoding === 'windows-1252') return Buffer.from(decodeWindows1252(chunk), 'utf8');
    // stream: a character (or surrogate pair) split across chunks is kept for the next one.
    const text = this.utf16?.decode(chunk, { stream: !end }) ?? '';
    return Buffer.from(text, 'utf8');
  }
}

/** A CSV file's bytes as UTF-8 (see CsvTextDecoder); `onFormat` is told the format before the first chunk. */
export async function* csvTextStream(
  source: AsyncIterable<Buffer>,
  onFormat: (format: CsvFormat) => void,
): AsyncGenerator<Buffer> {
  const decoder = new CsvTextDecoder();
  let told = false;
  const tell = () => {
    if (!told && decoder.format) {
      told = true;
      onFormat(decoder.format);
    }
  };
  for await (const chunk of source) {
    const out = decoder.push(chunk);
    tell();
    if (out.length > 0) yield out;
  }
  const rest = decoder.end();
  tell();
  if (rest.length > 0) yield rest;
}
