import { msg } from '@lingui/core/macro';
import { i18n, intlText, pseudoLocale } from './i18n';

/**
 * Numbers, money, dates and relative times in the active language (issue 10), all on `Intl`.
 * Every screen formats through here, never with a hard-coded 'en-US'. Every result goes through `intlText`,
 * so the pseudo-locale's dates, units and relative times are accented like its catalog.
 */

function locale(): string {
  // Intl does not know the pseudo-locale: it formats as English, and `intlText` accents the result.
  return i18n.locale === pseudoLocale || !i18n.locale ? 'en' : i18n.locale;
}

// Intl formatters are costly to build and are asked for on every render: one per locale and options.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object,
  make: (locale: string) => T,
): T {
  const key = `${kind}|${locale()}|${JSON.stringify(options)}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make(locale());
    cache.set(key, formatter);
  }
  return formatter;
}

export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return intlText(cached('number', options, (l) => new Intl.NumberFormat(l, options)).format(value));
}

/**
 * Integer cents as money: whole amounts without decimals ("$1,497"), others with cents ("$12.34");
 * `exact` always shows cents, for columns that line up.
 */
export function formatMoney(cents: number, options: { currency?: string; exact?: boolean } = {}): string {
  const whole = !options.exact && cents % 100 === 0;
  const digits = whole ? 0 : 2;
  const format: Intl.NumberFormatOptions = {
    style: 'currency',
    currency: options.currency ?? 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  };
  return formatNumber(cents / 100, format);
}

/**
 * The one way a screen shows a date: "Nov 27, 2026" in English, "27.11.2026" in German, in the user's
 * language and time zone. `options` is for the few special shapes (a chart's axis, a month name); a plain
 * date, a date and time, a time or a calendar day use the named functions below, never `toLocale…String`
 * or a formatter of their own (`src/architecture.test.ts` fails on those outside this file).
 */
export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return intlText(
    cached('date', options, (l) => new Intl.DateTimeFormat(l, options)).format(new Date(value)),
  );
}

/** A moment with its time: "Nov 27, 2026, 3:04 PM". */
export function formatDateTime(value: Date | string | number): string {
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The time of day alone, with seconds: "3:04:05 PM" (a position fix, a live reading). */
export function formatTime(value: Date | string | number): string {
  return formatDate(value, { timeStyle: 'medium' });
}

const utc = (isoDate: string) => `${isoDate.slice(0, 10)}T00:00:00Z`;

/** A calendar day, YYYY-MM-DD, shaped like `formatDate` ("Nov 27, 2026"); read in UTC, so it never shifts a day. */
export function formatDay(isoDate: string): string {
  return formatDate(utc(isoDate), { dateStyle: 'medium', timeZone: 'UTC' });
}

/** The reader's time zone as the browser knows it (IANA name), for what the server times in it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A calendar day without its year, for a chart's axis: "Nov 27". */
export function formatShortDay(isoDate: string): string {
  return formatDate(utc(isoDate), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** The month of a calendar day: "November". */
export function formatMonth(isoDate: string): string {
  return formatDate(utc(isoDate), { month: 'long', timeZone: 'UTC' });
}

const justNow = msg`just now`;

/**
 * Spec 000 §9: "just now" under a minute, then minutes under 60 minutes, hours under 1440 minutes,
 * otherwise days ("5 minutes ago", "1 hour ago", "3 days ago" in English).
 */
export function formatRelativeTime(value: Date | string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(value).getTime()) / 60_000));
  if (minutes < 1) return i18n._(justNow);
  const relative = cached('relative', {}, (l) => new Intl.RelativeTimeFormat(l, { numeric: 'always' }));
  const text =
    minutes < 60
      ? relative.format(-minutes, 'minute')
      : minutes < 1440
        ? relative.format(-Math.floor(minutes / 60), 'hour')
        : relative.format(-Math.floor(minutes / 1440), 'day');
  return intlText(text);
}

const dayMs = 86_400_000;

/** The moment `days` whole days after `from` (an expiry chosen from a menu). */
export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * dayMs);
}

/** Whole days left until `value`, rounded up, never below zero (a trial's "3 days left"). */
export function daysUntil(value: Date | string, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((new Date(value).getTime() - now.getTime()) / dayMs));
}
