import { describe, expect, it } from 'vitest';
import { Utf8Transcoder } from './text-encoding.js';

const text = 'email,name\nzoë@example.com,Zoë 😀\n';

/** Pushes `bytes` one byte at a time: every character and the BOM split across chunks. */
function transcodeBytewise(bytes: Buffer): string {
  const transcoder = new Utf8Transcoder();
  const out: Buffer[] = [];
  for (const byte of bytes) out.push(transcoder.push(Buffer.from([byte])));
  out.push(transcoder.end());
  return Buffer.concat(out).toString('utf8');
}

function utf16be(s: string): Buffer {
  const le = Buffer.from(s, 'utf16le');
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1], le[i]];
  return le;
}

describe('Utf8Transcoder', () => {
  it('decodes UTF-16 LE and BE by their BOM, the BOM dropped', () => {
    expect(transcodeBytewise(Buffer.from(`\uFEFF${text}`, 'utf16le'))).toBe(text);
    expect(transcodeBytewise(utf16be(`\uFEFF${text}`))).toBe(text);
  });

  it('passes UTF-8 through unchanged, its BOM included, and a one-byte file too', () => {
    expect(transcodeBytewise(Buffer.from(`\uFEFF${text}`))).toBe(`\uFEFF${text}`);
    expect(transcodeBytewise(Buffer.from(text))).toBe(text);
    expect(transcodeBytewise(Buffer.from('a'))).toBe('a');
  });
});
