import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 10's catalog rules, checked on every `npm test`: the messages the code uses (found the way
 * `lingui extract` finds them) are exactly the catalogs' entries, and every shipped locale translates
 * each of them with the same placeholders. Fix a failure with `npx lingui extract --clean`, then translate.
 */
const config = getConfig({ configPath: 'lingui.config.ts', skipValidation: true });
const shipped = config.locales.filter((l) => l !== config.sourceLocale && l !== config.pseudoLocale);

let used: Map<string, string>;
let catalogs: Record<string, Record<string, { translation?: string; obsolete?: boolean; message?: string }>>;

beforeAll(async () => {
  const [catalog] = await getCatalogs(config);
  const extracted = (await catalog.collect()) ?? {};
  used = new Map(Object.entries(extracted).map(([id, m]) => [id, m.message ?? id]));
  catalogs = await catalog.readAll();
}, 120_000);

/** The index just past the brace that closes the one at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return text.length;
}

/**
 * The ICU arguments a message names: `{name}`, and the `{count, plural, …}` / `{value, select, …}`
 * selectors with the arguments inside their branches; branch text (`won {Won}`) is text, not an argument.
 */
function placeholders(text: string): string[] {
  const names = new Set<string>();
  const walk = (part: string) => {
    for (let i = part.indexOf('{'); i !== -1; i = part.indexOf('{', i)) {
      const end = closing(part, i);
      const head = /^\{\s*(\w+)\s*(?:,\s*\w+\s*,)?/.exec(part.slice(i));
      if (head) {
        names.add(head[1]);
        const body = part.slice(i + head[0].length, end - 1);
        if (head[0].includes(','))
          for (let b = body.indexOf('{'); b !== -1; b = body.indexOf('{', closing(body, b)))
            walk(body.slice(b + 1, closing(body, b) - 1));
      }
      i = end;
    }
  };
  walk(text);
  return [...names].sort();
}

describe('message catalogs', () => {
  it('finds the messages in use', () => {
    expect(used.size).toBeGreaterThan(10);
  });

  it.each(config.locales)('%s has no message that the code no longer uses', (locale) => {
    const unused = Object.keys(catalogs[locale]).filter((id) => !used.has(id));
    expect(unused.map((id) => catalogs[locale][id].message ?? id)).toEqual([]);
  });

  it.each(config.locales)('%s has every message the code uses', (locale) => {
    const absent = [...used].filter(([id]) => !catalogs[locale][id]).map(([, text]) => text);
    expect(absent).toEqual([]);
  });

  it.each(shipped)('%s translates every message, keeping its placeholders', (locale) => {
    const problems: string[] = [];
    for (const [id, source] of used) {
      const translation = catalogs[locale][id]?.translation;
      if (!translation) problems.push(`untranslated: ${source}`);
      else if (placeholders(translation).join() !== placeholders(source).join())
        problems.push(`placeholders differ: ${source} -> ${translation}`);
    }
    expect(problems).toEqual([]);
  });
});
