import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findValidationStrings } from '../../../test/support/validation-strings';

const domainFiles = readdirSync('src/domain', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => path.join('src/domain', file));

describe('validation messages in src/domain', () => {
  it('are all catalogued: marked /*i18n*/, values only through validationMessage', () => {
    expect(domainFiles.length).toBeGreaterThan(20);
    const found = domainFiles.flatMap(findValidationStrings);
    expect(found.map((f) => `${f.file}:${f.line} ${f.problem}: ${f.text}`)).toEqual([]);
  });

  it('finds an unmarked or interpolated message, and passes a marked one', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'validation-strings-')), 'schema.ts');
    writeFileSync(
      file,
      [
        "const a = z.string().min(1, 'Name is required').max(9, /*i18n*/ 'Name is too long');",
        "const b = z.email({ message: 'Enter a valid email address' });",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is source code with a template literal.
        'const c = z.string().max(max, `must be at most ${max} characters`);',
        "const d = z.string().startsWith('https://', /*i18n*/ 'Use https').refine(ok, { message: 'Not ok' });",
        "const e = validationMessage('{label} is required', { label });",
      ].join('\n'),
    );
    expect(findValidationStrings(file).map((f) => [f.line, f.problem, f.text])).toEqual([
      [1, 'unmarked', 'Name is required'],
      [2, 'unmarked', 'Enter a valid email address'],
      [3, 'interpolated', 'must be at most {…} characters'],
      [4, 'unmarked', 'Not ok'],
      [5, 'unmarked', '{label} is required'],
    ]);
  });
});
