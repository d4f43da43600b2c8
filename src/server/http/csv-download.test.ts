import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, csvStream, neutraliseFormula, restoreNeutralised } from './csv-download.js';

describe('neutraliseFormula', () => {
  it('prefixes a single quote to cells a spreadsheet would evaluate, and leaves the rest', () => {
    const cases: [string, string][] = [
      ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
      ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
      ['-2+3', "'-2+3"],
      ['@cmd', "'@cmd"],
      ['\t=1', "'\t=1"],
      ['\r=1', "'\r=1"],
      ['Ada', 'Ada'],
      ['a=b', 'a=b'],
      ['', ''],
    ];
    for (const [cell, out] of cases) expect(neutraliseFormula(cell), JSON.stringify(cell)).toBe(out);
  });

  it('is undone for a cell the product exported, and only for those', () => {
    expect(restoreNeutralised("'+1 415 555 0101")).toBe('+1 415 555 0101');
    expect(restoreNeutralised("'=1")).toBe('=1');
    expect(restoreNeutralised("'quoted'")).toBe("'quoted'");
    expect(restoreNeutralised("O'Brien")).toBe("O'Brien");
  });
});

describe('csvStream', () => {
  it('writes every cell neutralised, quoted where CSV needs it, after a UTF-8 BOM', async () => {
    const out = await buffer(
      csvStream([
        ['Reason', 'Name'],
        ['bad', '=HYPERLINK("x")'],
        ['-2+3', '@cmd'],
      ]),
    );
    expect(out.toString('utf8')).toBe(`\uFEFFReason,Name\nbad,"'=HYPERLINK(""x"")"\n'-2+3,'@cmd\n`);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name (RFC 6266 / 5987)', () => {
    expect(attachmentDisposition('контакты-errors.csv')).toBe(
      `attachment; filename="________-errors.csv"; filename*=UTF-8''${encodeURIComponent('контакты')}-errors.csv`,
    );
    expect(attachmentDisposition(`a"b\\c's (1).csv`)).toBe(
      `attachment; filename="a_b_c's (1).csv"; filename*=UTF-8''a%22b%5Cc%27s%20%281%29.csv`,
    );
    expect(attachmentDisposition('x\uD800.csv')).toContain("filename*=UTF-8''x%EF%BF%BD.csv");
  });
});
