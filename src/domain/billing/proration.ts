import { divideRounded } from '../pricing/rounding.js';

/**
 * Proration of a price change at `at` within the period [start, end): credit for the unused part of the
 * period at the old price, and the charge for the same part at the new price, each rounded to the cent.
 * Outside the period nothing is left to prorate.
 */
export function prorate(change: {
  previousCents: number;
  nextCents: number;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}): { creditCents: number; chargeCents: number } {
  const total = change.periodEnd.getTime() - change.periodStart.getTime();
  const left = Math.min(Math.max(change.periodEnd.getTime() - change.at.getTime(), 0), Math.max(total, 0));
  if (total <= 0 || left === 0) return { creditCents: 0, chargeCents: 0 };
  return {
    creditCents: divideRounded(change.previousCents * left, total),
    chargeCents: divideRounded(change.nextCents * left, total),
  };
}
