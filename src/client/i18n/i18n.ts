import { isLocale, type Locale, matchLocale, sourceLocale, textDirection } from '@domain/locales';
import { i18n, type Messages } from '@lingui/core';

export { i18n };

/** The test-only pseudo-locale (ADR 0007): every translated string is visibly accented, untranslated text is not. */
export const pseudoLocale = 'pseudo';
export type ActiveLocale = Locale | typeof pseudoLocale;

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

export function storeLocale(locale: ActiveLocale): void {
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

// One chunk per locale: only the catalog in use is downloaded.
const loaders = import.meta.glob<{ messages: Messages }>('../locales/*.po');

/** Loads the locale's catalog (once), switches every message to it and sets <html lang dir>. */
export async function activateLocale(locale: ActiveLocale): Promise<void> {
  if (!i18n.messages[locale] || Object.keys(i18n.messages[locale]).length === 0) {
    const load = loaders[`../locales/${locale}.po`];
    const { messages } = await load();
    i18n.load(locale, messages);
  }
  i18n.activate(locale);
  document.documentElement.lang = locale === pseudoLocale ? sourceLocale : locale;
  document.documentElement.dir = textDirection(locale);
}
