import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { type Messages, setupI18n } from '@lingui/core';

/** The catalogs as the app ships them: each `.po` compiled by Lingui's Vite plugin, as the build does. */
const compiled = import.meta.glob<{ messages: Messages }>('../../src/client/locales/*.po');

/** English source text → message id (Lingui ids are hashes of the text), from the source catalog. */
async function messageIds(): Promise<Map<string, string>> {
  const [catalog] = await getCatalogs(getConfig({ configPath: 'lingui.config.ts', skipValidation: true }));
  const english = await catalog.read('en');
  return new Map(Object.entries(english ?? {}).map(([id, entry]) => [entry.message ?? id, id]));
}

export type Translate = (source: string, values?: Record<string, unknown>) => string;

/**
 * What a screen in `locale` shows for an English source message, read from the compiled catalog, so a test
 * asserts the catalog's words rather than its own guesses. Throws on a message no catalog has.
 */
export async function translatorFor(locale: string): Promise<Translate> {
  const [ids, { messages }] = await Promise.all([
    messageIds(),
    compiled[`../../src/client/locales/${locale}.po`](),
  ]);
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (source, values) => {
    const id = ids.get(source);
    if (!id) throw new Error(`No catalog has the message "${source}"`);
    return i18n._(id, values);
  };
}
