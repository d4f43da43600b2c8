import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, formatRelativeTime } from './format';
import { i18n } from './i18n';

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
