import type { DealStage } from '@domain/deals/deal-schemas';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Whole units of the deal's own currency ("$4,500"), through Intl. */
export function formatMoney(cents: number, currency = 'USD'): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
    moneyFormats.set(currency, format);
  }
  return format.format(cents / 100);
}

export const countFormat = new Intl.NumberFormat('en-US');
export const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** A YYYY-MM-DD date as "Jun 5, 2025" (read in UTC, so it never shifts a day). */
export function formatDay(isoDate: string): string {
  return dayFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/** The month of a YYYY-MM-DD date, "June". */
export function formatMonth(isoDate: string): string {
  return monthFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/** Column accents, one per stage. */
export const stageAccents: Record<DealStage, { dot: string; bar: string }> = {
  leads: { dot: 'bg-sky-500', bar: '[&>div]:bg-sky-500' },
  qualified: { dot: 'bg-amber-500', bar: '[&>div]:bg-amber-500' },
  proposal: { dot: 'bg-violet-500', bar: '[&>div]:bg-violet-500' },
  negotiation: { dot: 'bg-orange-500', bar: '[&>div]:bg-orange-500' },
  won: { dot: 'bg-emerald-500', bar: '[&>div]:bg-emerald-500' },
  lost: { dot: 'bg-zinc-400', bar: '[&>div]:bg-zinc-400' },
};
