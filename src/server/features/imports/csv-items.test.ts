import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type CsvItem, CsvRecordCounter, readCsvItems } from './csv-items.js';
import { mapHeader } from './header-mapping.js';
import { ImportBatch } from './import-batch.js';

async function itemsOf(text: string, chunkSize = 3): Promise<CsvItem[]> {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const out: CsvItem[] = [];
  for await (const items of readCsvItems(Readable.from(chunks))) out.push(...items);
  return out;
}

function count(text: string, chunkSize = 4): number {
  const counter = new CsvRecordCounter();
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += chunkSize) counter.push(bytes.subarray(i, i + chunkSize));
  return counter.finish();
}

const tricky = '\uFEFFa,b\r\n1,"x\r\ny"\r\n\r\n2,"q,""z"""\n3,4\r5,6';

describe('readCsvItems', () => {
  it('reads BOM, CRLF, mixed endings, quoted newlines and escaped quotes across chunk borders', async () => {
    expect((await itemsOf(tricky)).map((i) => ('fields' in i ? i.fields : i.error))).toEqual([
      ['a', 'b'],
      ['1', 'x\r\ny'],
      ['2', 'q,"z"'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('keeps stray quotes inside unquoted fields and reports an unclosed quote as one failed item', async () => {
    const items = await itemsOf('a,b\nx"y,1\n2,"open\n3,4\n');
    expect(items.slice(0, 2)).toEqual([
      { fields: ['a', 'b'], line: 1 },
      { fields: ['x"y', '1'], line: 2 },
    ]);
    expect(items[2]).toMatchObject({ error: expect.stringMatching(/never closed/) });
    expect(items).toHaveLength(3);
  });
});

describe('CsvRecordCounter', () => {
  it('counts records as the parser does', async () => {
    expect(count(tricky)).toBe((await itemsOf(tricky)).length);
    expect(count('a\n\n\nb\n')).toBe(2);
    expect(count('\uFEFF')).toBe(0);
  });
});

describe('ImportBatch', () => {
  const mapping = mapHeader(['Email', 'Phone', 'First Name']);
  const add = (batch: ImportBatch, rows: string[][]) => {
    rows.forEach((fields, i) => {
      batch.add({ fields, line: i + 2 }, i + 1);
    });
  };

  it('folds rows with the same email (any case) or the same phone into one contact', () => {
    const batch = new ImportBatch(mapping);
    add(batch, [
      ['a@example.com', '', 'Ann'],
      ['A@EXAMPLE.COM', '415 555 0100', ''],
      ['', '(415) 555-0100', 'Ignored'],
      ['b@example.com', '', 'Bea'],
    ]);
    expect(batch.rowCount).toBe(4);
    expect(batch.failed).toEqual([]);
    expect(
      batch.staged.map((s) => [s.contact.email, s.contact.phone, s.contact.firstName, s.rows.length]),
    ).toEqual([
      ['a@example.com', '+14155550100', 'Ann', 3],
      ['b@example.com', null, 'Bea', 1],
    ]);
  });

  it('refuses a row whose phone is on an earlier row with another email', () => {
    const batch = new ImportBatch(mapping);
    add(batch, [
      ['a@example.com', '415 555 0100', 'Ann'],
      ['b@example.com', '415 555 0100', 'Bea'],
    ]);
    expect(batch.staged).toHaveLength(1);
    expect(batch.failed).toEqual([
      expect.objectContaining({
        rowNumber: 2,
        reason: 'Phone +14155550100 is already on row 1, which has a different email',
      }),
    ]);
  });
});
