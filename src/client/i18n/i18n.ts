import {
  isLocale,
  type Locale,
  localeCookie,
  matchLocale,
  sourceLocale,
  textDirection,
} from '@domain/locales';
import { type I18n, i18n, type Messages, setupI18n } from '@lingui/core';
import { type ActiveLocale, pseudoLocale } from './active-locale';

export { type ActiveLocale, i18n, pseudoLocale };

/** A signed-out visitor's choice, and the last language shown, so a reload starts in it. */
const storageKey = 'hub.locale';

export function storedLocale(): ActiveLocale | null {
  try {
    const value = localStorage.getItem(storageKey);
    return isLocale(value) || value === pseudoLocale ? value : null;
  } catch {
    return null; // Storage blocked (privacy mode): fall back to the browser's language.
  }
}

/**
 * Also a cookie, which the server reads to send a prerendered page in the chosen language
 * (src/server/http/prerendered-pages.ts); a year, like a stored choice that is never cleared.
 */
export function storeLocale(locale: ActiveLocale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari before 18.4; a locale needs no escaping.
  document.cookie = `${localeCookie}=${locale}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem(storageKey, locale);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

/** The browser's preferred languages matched to the shipped ones, English when none matches. */
export function browserLocale(): Locale {
  return (
    matchLocale(navigator.languages?.length ? navigator.languages : [navigator.language]) ?? sourceLocale
  );
}

/**
 * Which language to show (issue 10): the user's own choice, else the workspace's default for its members,
 * else the visitor's choice on this browser, else the browser's language.
 */
export function resolveLocale(
  user: { locale: Locale | null; workspace: { defaultLocale: Locale | null } } | null,
): ActiveLocale {
  const stored = storedLocale();
  if (stored === pseudoLocale) return stored;
  return user?.locale ?? user?.workspace.defaultLocale ?? stored ?? browserLocale();
}

// Until a catalog arrives, messages read as their English source (errors raised before the first render).
i18n.loadAndActivate({ locale: sourceLocale, messages: {} });

/**
 * Two chunks per locale (ADR 0010, `scripts/catalog-parts.ts`): the messages of the shell and the landing
 * page, which the first paint waits for, and the rest, which every other screen waits for (`AllMessages`).
 * Only the catalog in use is downloaded.
 */
const parts = {
  'first-paint': import.meta.glob<{ messages: Messages }>('../locales/*.po', { query: '?first-paint' }),
  later: import.meta.glob<{ messages: Messages }>('../locales/*.po', { query: '?later' }),
};

const loading = new Map<string, Promise<void>>();

/** Loads one part of a locale's catalog into `i18n` once; a failed download is tried again next time. */
function loadPart(part: keyof typeof parts, locale: ActiveLocale): Promise<void> {
  const key = `${locale}?${part}`;
  let loaded = loading.get(key);
  if (!loaded) {
    loaded = parts[part][`../locales/${locale}.po`]().then(({ messages }) => i18n.load(locale, messages));
    loaded.catch(() => loading.delete(key));
    loading.set(key, loaded);
  }
  return loaded;
}

/**
 * Intl knows no pseudo-locale, so `format.ts` formats it as English and hands what Intl wrote (month names,
 * AM/PM, units, "ago") to `intlText`, which accents it like the catalog. The accenting code is downloaded when
 * the pseudo-locale is activated, never with the landing page.
 */
let pseudoAccent: ((text: string) => string) | undefined;

async function loadPseudoAccent(locale: ActiveLocale): Promise<void> {
  if (locale !== pseudoLocale || pseudoAccent) return;
  pseudoAccent = (await import('./pseudo-accent')).accent;
}

/** Text Intl formatted, as the active locale shows it: accented in the pseudo-locale, untouched otherwise. */
export function intlText(text: string): string {
  return pseudoAccent && i18n.locale === pseudoLocale ? pseudoAccent(text) : text;
}

const complete = new Set<string>();

/** The locale whose zod messages should be in force: the last one asked for wins a race of downloads. */
let zodLocale: ActiveLocale = sourceLocale;

/**
 * Has zod write its own messages in the locale. zod and the locale's messages are downloaded with the rest of
 * the catalog, never with the landing page (ADR 0010); the schemas' own messages are catalogued and shown
 * translated by `fieldMessage`, and zod keeps them over its locale's.
 */
async function applyZodLocale(locale: ActiveLocale): Promise<void> {
  zodLocale = locale;
  const { loadZodLocale } = await import('./zod-locale');
  const apply = await loadZodLocale(locale);
  if (zodLocale === locale) apply();
}

/** Loads every message of the locale (once): what screens other than the landing page need. */
export async function loadAllMessages(locale: ActiveLocale): Promise<void> {
  await Promise.all([loadPart('first-paint', locale), loadPart('later', locale), applyZodLocale(locale)]);
  complete.add(locale);
}

/** True once every message of the locale has arrived. */
export function hasAllMessages(locale: string): boolean {
  return complete.has(locale);
}

/**
 * Switches every message to the locale and sets <html lang dir>, once its catalog has arrived. With
 * `firstPaint` only the shell's and the landing page's messages are loaded; `AllMessages` loads the rest for
 * any other screen.
 */
export async function activateLocale(locale: ActiveLocale, { firstPaint = false } = {}): Promise<void> {
  await Promise.all([
    firstPaint ? loadPart('first-paint', locale) : loadAllMessages(locale),
    loadPseudoAccent(locale),
  ]);
  i18n.activate(locale);
  document.documentElement.lang = locale === pseudoLocale ? sourceLocale : locale;
  document.documentElement.dir = textDirection(locale);
}

/**
 * A translator for one locale beside the active one, e.g. to fill a lead form's visitor-facing texts in the
 * form's language while the builder is shown in the user's. Loads that locale's whole catalog.
 */
export async function translatorFor(locale: Locale): Promise<I18n> {
  const path = `../locales/${locale}.po`;
  const [first, later] = await Promise.all([parts['first-paint'][path](), parts.later[path]()]);
  return setupI18n({ locale, messages: { [locale]: { ...first.messages, ...later.messages } } });
}
