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

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)/g)].map((m) => m[1]))].sort();

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
