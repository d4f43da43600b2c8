import { divideRounded } from './rounding.js';

/** Net profit is 67% of gross (gross minus 33% operating expenses); 20% of net profit is donated (spec 001 §1, §9). */
export const netProfitPercent = 67;
export const donationPercentOfNet = 20;

export function netProfitCents(grossCents: number): number {
  return divideRounded(grossCents * netProfitPercent, 100);
}

export function charitableDonationCents(grossCents: number): number {
  return divideRounded(netProfitCents(grossCents) * donationPercentOfNet, 100);
}

export interface CharityFigures {
  grossRevenueCents: number;
  netProfitCents: number;
  charitableDonationCents: number;
}

/** Charity figures of a monthly amount, monthly and for a year (x12). */
export function charityFigures(monthlyGrossCents: number): {
  monthly: CharityFigures;
  annual: CharityFigures;
} {
  const monthly = {
    grossRevenueCents: monthlyGrossCents,
    netProfitCents: netProfitCents(monthlyGrossCents),
    charitableDonationCents: charitableDonationCents(monthlyGrossCents),
  };
  return {
    monthly,
    annual: {
      grossRevenueCents: monthly.grossRevenueCents * 12,
      netProfitCents: monthly.netProfitCents * 12,
      charitableDonationCents: monthly.charitableDonationCents * 12,
    },
  };
}
