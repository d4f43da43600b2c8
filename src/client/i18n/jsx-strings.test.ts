import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findJsxStrings } from './jsx-strings';

/**
 * No English typed straight into JSX (issue 10): it goes through <Trans> or t`…`. Files not converted yet
 * are listed in untranslated-files.json; the list only shrinks (a converted file must leave it).
 */
const clientDir = path.resolve('src/client');
const notYetConverted: string[] = JSON.parse(
  readFileSync(path.join(clientDir, 'i18n/untranslated-files.json'), 'utf8'),
);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

const files = tsxFiles(clientDir).map((file) => ({
  name: path.relative(clientDir, file),
  strings: findJsxStrings(file),
}));

describe('JSX strings', () => {
  it('finds literal text, string children and readable attributes, but not <Trans> content', () => {
    const probe = files.find((f) => f.name === 'features/not-found/not-found-page.tsx');
    expect(probe?.strings).toEqual([]);
    // Every screen is converted now, so the detector proves itself on a file of its own.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jsx-strings-'));
    const fixture = path.join(dir, 'probe.tsx');
    writeFileSync(
      fixture,
      'export const P = () => <div title="Save it"><Trans>Fine</Trans>Save contact{"Also this"}</div>;\n',
    );
    try {
      expect(findJsxStrings(fixture).map((s) => s.text)).toEqual(
        expect.arrayContaining(['title="Save it"', 'Save contact', 'Also this']),
      );
      expect(findJsxStrings(fixture).map((s) => s.text)).not.toContain('Fine');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has no literal user-visible string outside the not-yet-converted files', () => {
    const offending = files
      .filter((f) => !notYetConverted.includes(f.name))
      .flatMap((f) => f.strings.map((s) => `${f.name}:${s.line} ${s.text}`));
    expect(offending).toEqual([]);
  });

  it('lists only files that still have literal strings, and only files that exist', () => {
    const stale = notYetConverted.filter(
      (name) => !files.some((f) => f.name === name && f.strings.length > 0),
    );
    expect(stale).toEqual([]);
  });
});
