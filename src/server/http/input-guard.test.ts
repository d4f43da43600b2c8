import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './input-guard.js';

describe('isStorableText', () => {
  it('refuses NUL and unpaired surrogates, and keeps every well-formed string', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udc00y')).toBe(false);
    expect(isStorableText('\ud83d\ud83d\ude00')).toBe(false);
    expect(isStorableText('Zoë 😀 контакты 東京')).toBe(true);
    expect(isStorableText('')).toBe(true);
  });
});

describe('findUnstorableText', () => {
  it('names the first bad field by its path, in document order', () => {
    const body = { name: 'ok', items: [{ a: 'fine' }, { a: 'bad\u0000', b: '\ud800' }], last: '\udfff' };
    expect(findUnstorableText(body)).toEqual({ path: ['items', '1', 'a'], inKey: false });
  });

  it('names the object holding a bad key', () => {
    expect(findUnstorableText({ outer: { 'k\u0000': 1 } })).toEqual({ path: ['outer'], inKey: true });
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`);
    expect(findUnstorableText(deep)?.path).toHaveLength(200_000);
  });

  it('leaves raw bodies alone', () => {
    expect(findUnstorableText(Buffer.from('a\u0000b'))).toBeUndefined();
    expect(findUnstorableText({ ok: 'yes', n: 1, t: true, none: null })).toBeUndefined();
  });
});
