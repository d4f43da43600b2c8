import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatMoney,
  formatMonth,
  formatNumber,
  formatRelativeTime,
  formatShortDay,
  formatTime,
} from './format';
import { activateLocale, i18n, pseudoLocale } from './i18n';

const now = new Date('2026-03-01T12:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

async function use(locale: string) {
  const { messages } = await import(`../locales/${locale}.po`);
  i18n.loadAndActivate({ locale, messages });
}

describe('formatting in the active language', () => {
  beforeAll(() => use('en'));

  it('English relative time reads as the spec says (minutes < 60, hours < 1440, then days)', async () => {
    await use('en');
    expect(formatRelativeTime(ago(0.5), now)).toBe('just now');
    expect(formatRelativeTime(ago(1), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59), now)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(60), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(1439), now)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(1440), now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(4000), now)).toBe('2 days ago');
    expect(formatRelativeTime(new Date(now.getTime() + 60_000), now)).toBe('just now');
  });

  it('English numbers and money as before', async () => {
    await use('en');
    expect(formatNumber(10000)).toBe('10,000');
    expect(formatMoney(149700)).toBe('$1,497');
    expect(formatMoney(1234)).toBe('$12.34');
    expect(formatMoney(14900, { exact: true })).toBe('$149.00');
  });

  it('follows the active locale', async () => {
    await use('de');
    expect(formatNumber(10000)).toBe('10.000');
    expect(formatMoney(1234)).toBe('12,34\u00a0$');
    expect(formatRelativeTime(ago(5), now)).toBe('vor 5 Minuten');
    expect(formatRelativeTime(ago(0), now)).toBe('gerade eben');
    await use('ar');
    expect(formatRelativeTime(ago(120), now)).toMatch(/ساعت/);
    await use('ja');
    expect(formatDate('2026-03-01T12:00:00Z', { dateStyle: 'long', timeZone: 'UTC' })).toBe('2026年3月1日');
  });
});

describe('one shape for every date', () => {
  // Dates with their time read in the machine's zone; the calendar-day helpers read in UTC.
  const moment = new Date(2026, 10, 27, 15, 4, 5);

  it('English: a date is "Nov 27, 2026", never "11/27/2026"', async () => {
    await use('en');
    expect(formatDate(moment)).toBe('Nov 27, 2026');
    expect(formatDate(moment.toISOString())).toBe('Nov 27, 2026');
    expect(formatDateTime(moment).replace(/\s/g, ' ')).toBe('Nov 27, 2026, 3:04 PM');
    expect(formatTime(moment).replace(/\s/g, ' ')).toBe('3:04:05 PM');
    expect(formatDay('2026-11-27')).toBe('Nov 27, 2026');
    expect(formatDay('2026-01-01T00:00:00.000Z')).toBe('Jan 1, 2026');
    expect(formatShortDay('2026-11-27')).toBe('Nov 27');
    expect(formatMonth('2026-11-27')).toBe('November');
    expect(formatDay('2026-11-27')).toBe(formatDate(new Date(2026, 10, 27)));
  });

  it("follows the user's language", async () => {
    await use('de');
    expect(formatDate(moment)).toBe('27.11.2026');
    expect(formatDay('2026-11-27')).toBe('27.11.2026');
    expect(formatDateTime(moment)).toBe('27.11.2026, 15:04');
    expect(formatTime(moment)).toBe('15:04:05');
    expect(formatMonth('2026-11-27')).toBe('November');
    await use('fr');
    expect(formatShortDay('2026-11-27')).toBe('27 nov.');
    await use('ja');
    expect(formatDay('2026-11-27')).toBe('2026/11/27');
    await use('en');
  });
});

describe('formatting in the pseudo-locale', () => {
  // `activateLocale` sets <html lang dir>; the unit project runs without a page.
  beforeAll(() => vi.stubGlobal('document', { documentElement: {} }));
  afterAll(() => vi.unstubAllGlobals());

  const moment = '2026-03-01T15:04:00Z';
  const longDate: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' };
  const seconds: Intl.NumberFormatOptions = { style: 'unit', unit: 'second', unitDisplay: 'short' };
  // ICU versions differ in the space before AM/PM.
  const formatAll = () =>
    [formatDate(moment, longDate), formatNumber(30, seconds), formatRelativeTime(ago(120), now)].map((text) =>
      text.replace(/\s/g, ' '),
    );
  // Lingui's accents leave v and x (either case) as they are, as in e2e/pseudo-locale.e2e.ts.
  const plainLetter = /[A-UWYZa-uwyz]/;

  it("accents Intl's month names, AM/PM, units and relative times, keeping the digits; English stays plain", async () => {
    await activateLocale('en');
    const english = formatAll();
    expect(english).toEqual(['March 1, 2026 at 3:04 PM', '30 sec', '2 hours ago']);

    await activateLocale(pseudoLocale);
    const pseudo = formatAll();
    expect(pseudo).toEqual(['Ḿàŕćĥ 1, 2026 àţ 3:04 ƤḾ', '30 śēć', '2 ĥōũŕś àĝō']);
    for (const text of pseudo) expect(text).not.toMatch(plainLetter);
    expect(pseudo.map((text) => text.replace(/\D/g, ''))).toEqual(
      english.map((text) => text.replace(/\D/g, '')),
    );
    expect(formatMoney(1234)).toBe('$12.34');

    await activateLocale('en');
    expect(formatAll()).toEqual(english);
  });
});
