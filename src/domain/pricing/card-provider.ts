import { centsToDollars } from './money.js';
import { divideRounded } from './rounding.js';

/**
 * Display math of the card-provider pricing page (spec 001 "Card-provider pricing page"). These work on
 * dollars because the spec defines them on the displayed price (cents / 100) and rounds the competitor
 * price to whole dollars.
 */
export const competitorMarkupPercent = 11;

/** Price shown: cents divided by 100. */
export function displayPriceDollars(unitAmountCents: number): number {
  return centsToDollars(unitAmountCents);
}

/** Competitor comparison price = price x 1.11, rounded. */
export function competitorPriceDollars(unitAmountCents: number): number {
  return divideRounded(unitAmountCents * (100 + competitorMarkupPercent), 10000);
}

/** Savings against the competitor price, in dollars (may carry cents when the price does). */
export function competitorSavingsDollars(unitAmountCents: number): number {
  return (competitorPriceDollars(unitAmountCents) * 100 - unitAmountCents) / 100;
}

/** Percent off the competitor price, rounded to a whole percent. */
export function competitorPercentOff(unitAmountCents: number): number {
  const competitor = competitorPriceDollars(unitAmountCents);
  if (competitor === 0) return 0;
  return Math.round((competitorSavingsDollars(unitAmountCents) / competitor) * 100);
}

/** The four claims shown on the page (spec 001 §9). */
export const pricingClaims = [
  '10% below industry average',
  '30-day money-back guarantee',
  '99.9% uptime SLA',
  '24/7 support',
] as const;
