import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection"): it starts with = + - @, a
 * tab or a carriage return. `=HYPERLINK(...)` in an exported file otherwise becomes a live link,
 * and `=cmd|...` a command prompt in older Excel.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** The cell as text a spreadsheet shows and never evaluates: a leading single quote, as OWASP advises. */
export function neutraliseFormula(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/**
 * The inverse, for a file the product exported coming back (the import's error report is made to be
 * fixed and imported again): the quote added before a formula character is dropped.
 */
export function restoreNeutralised(value: string): string {
  return value.startsWith("'") && formulaStart.test(value.slice(1)) ? value.slice(1) : value;
}

/** Rows as a CSV stream (UTF-8 with a BOM, so Excel reads it as UTF-8), every cell neutralised. */
export function csvStream(rows: AsyncIterable<string[]> | Iterable<string[]>): Readable {
  return Readable.from(rows).pipe(stringify({ bom: true, cast: { string: neutraliseFormula } }));
}

/**
 * Content-Disposition for a download named `filename` (RFC 6266): an ASCII fallback in `filename`
 * and the real name, percent-encoded UTF-8, in `filename*` (RFC 5987). A header value outside
 * Latin-1 would otherwise make Node refuse the whole response.
 */
export function attachmentDisposition(name: string): string {
  // A lone surrogate cannot be percent-encoded.
  const filename = name.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
