/**
 * CSV bytes as UTF-8, whatever Unicode encoding the file's byte order mark names. Spreadsheet
 * programs save "Unicode text" as UTF-16 (little-endian, with a BOM); read as bytes it is full of
 * NULs and looks binary. A UTF-8 BOM is left in place (the CSV parser and the record counter skip
 * it); a file without a BOM is taken as UTF-8.
 */
export class Utf8Transcoder {
  /** undefined until the first two bytes have arrived; null when the bytes pass through unchanged. */
  private decoder: TextDecoder | null | undefined;
  private head = Buffer.alloc(0);

  push(chunk: Buffer): Buffer {
    if (this.decoder === undefined) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < 2) return Buffer.alloc(0);
      this.decoder = decoderForBom(this.head);
      chunk = this.head;
      this.head = Buffer.alloc(0);
    }
    if (this.decoder === null) return chunk;
    // stream: a character (or surrogate pair) split across chunks is kept for the next one.
    return Buffer.from(this.decoder.decode(chunk, { stream: true }), 'utf8');
  }

  end(): Buffer {
    if (this.decoder === undefined) return this.head; // a file of one byte
    if (this.decoder === null) return Buffer.alloc(0);
    return Buffer.from(this.decoder.decode(), 'utf8');
  }
}

function decoderForBom(head: Buffer): TextDecoder | null {
  // The decoder drops the BOM itself (ignoreBOM is false by default).
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le');
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be');
  return null;
}

/** A byte stream as UTF-8 (see Utf8Transcoder). */
export async function* utf8Stream(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const transcoder = new Utf8Transcoder();
  for await (const chunk of source) {
    const out = transcoder.push(chunk);
    if (out.length > 0) yield out;
  }
  const rest = transcoder.end();
  if (rest.length > 0) yield rest;
}
