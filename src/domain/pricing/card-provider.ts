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

/**
 * How far below the industry (competitor) price we are, in whole percent: 11% markup means our price is
 * 100/111 of theirs, 10% below. The page's banner claim and every card's "% off" both read this one figure,
 * so they cannot disagree (the rounded competitor dollars made a $49 card say 9% under a 10% banner).
 */
export const belowIndustryPercent = Math.round(
  (competitorMarkupPercent / (100 + competitorMarkupPercent)) * 100,
);

/** The four claims shown on the page (spec 001 §9). */
export const pricingClaims = [
  `${belowIndustryPercent}% below industry average`,
  '30-day money-back guarantee',
  '99.9% uptime SLA',
  '24/7 support',
] as const;
