import { describe, expect, it } from 'vitest';
import { CsvTextDecoder, guessDelimiter, sniffBytes } from './text-encoding.js';

const text = 'email,name\nzoë@example.com,Zoë 😀\n';

/** Pushes `bytes` one byte at a time: every character and the BOM split across chunks. */
function decodeBytewise(bytes: Buffer) {
  const decoder = new CsvTextDecoder();
  const out: Buffer[] = [];
  for (const byte of bytes) out.push(decoder.push(Buffer.from([byte])));
  out.push(decoder.end());
  return { text: Buffer.concat(out).toString('utf8'), format: decoder.format };
}

function utf16be(s: string): Buffer {
  const le = Buffer.from(s, 'utf16le');
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1], le[i]];
  return le;
}

describe('CsvTextDecoder', () => {
  it('decodes UTF-16 LE and BE by their BOM, the BOM dropped', () => {
    expect(decodeBytewise(Buffer.from(`\uFEFF${text}`, 'utf16le'))).toMatchObject({
      text,
      format: { encoding: 'utf-16le', delimiter: ',' },
    });
    expect(decodeBytewise(utf16be(`\uFEFF${text}`))).toMatchObject({
      text,
      format: { encoding: 'utf-16be' },
    });
  });

  it('passes UTF-8 through, its BOM dropped, and a one-byte file too', () => {
    expect(decodeBytewise(Buffer.from(`\uFEFF${text}`)).text).toBe(text);
    expect(decodeBytewise(Buffer.from(text))).toMatchObject({ text, format: { encoding: 'utf-8' } });
    expect(decodeBytewise(Buffer.from('a')).text).toBe('a');
  });

  it('reads bytes that are not UTF-8 as Windows-1252, its 0x80–0x9F range included', () => {
    const bytes = Buffer.from([...Buffer.from('name\nJos'), 0xe9, 0x20, 0x93, 0x80, 0x94, 0x0a]);
    expect(decodeBytewise(bytes)).toEqual({
      text: 'name\nJosé “€”\n',
      format: { encoding: 'windows-1252', delimiter: ',', skippedLines: 0 },
    });
    // Undefined in Windows-1252: never a character of a name.
    expect(decodeBytewise(Buffer.from([0x61, 0xe9, 0x81])).text).toBe('aé\uFFFD');
  });

  it('keeps a UTF-8 file with good multi-byte names and a broken stretch as UTF-8', () => {
    const bytes = Buffer.concat([Buffer.from('name\nZoë\nBro'), Buffer.from([0xc3, 0x28, 0x0a])]);
    expect(decodeBytewise(bytes)).toMatchObject({
      text: 'name\nZoë\nBro\uFFFD(\n',
      format: { encoding: 'utf-8' },
    });
  });

  it('decides from the start of the file only: a later invalid stretch stays U+FFFD for the row check', () => {
    const head = Buffer.from(`email\n${'a@example.com\n'.repeat(sniffBytes / 10)}`);
    const decoder = new CsvTextDecoder();
    const out = [decoder.push(head), decoder.push(Buffer.from([0x4a, 0xe9, 0x0a])), decoder.end()];
    expect(decoder.format?.encoding).toBe('utf-8');
    expect(Buffer.concat(out).toString('utf8').endsWith('J\uFFFD\n')).toBe(true);
  });

  it('honours and drops a sep= first line, counting it in line numbers', () => {
    expect(decodeBytewise(Buffer.from('sep=;\r\nemail;name\r\n'))).toEqual({
      text: 'email;name\r\n',
      format: { encoding: 'utf-8', delimiter: ';', skippedLines: 1 },
    });
    expect(decodeBytewise(Buffer.from('\uFEFF"sep=|"\nemail|name\n')).format?.delimiter).toBe('|');
  });
});

describe('guessDelimiter', () => {
  it('counts in the header line only, outside quotes; a tie or none is a comma', () => {
    expect(guessDelimiter('email;name;city\na,b;c\n')).toBe(';');
    expect(guessDelimiter('email\tname\n')).toBe('\t');
    expect(guessDelimiter('email|name|"a,b,c"\n')).toBe('|');
    expect(guessDelimiter('"x;y;z",email,name\n')).toBe(',');
    expect(guessDelimiter('\n\nemail;name\n')).toBe(';');
    expect(guessDelimiter('email\n')).toBe(',');
    expect(guessDelimiter('a;b,c\n')).toBe(',');
  });
});
