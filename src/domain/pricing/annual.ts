import { divideRounded } from './rounding.js';

/** The annual discount: 10% off twelve months (spec 001 §9). */
export const annualDiscountPercent = 10;

/**
 * Annual price = monthly total x 12 x 0.9, rounded to whole dollars (spec 001 §9).
 * Integer form: cents x 12 x 90 / 100, then to whole dollars.
 */
export function annualDiscountedCents(monthlyTotalCents: number): number {
  const discountedCents12 = monthlyTotalCents * 12 * (100 - annualDiscountPercent); // x100 scale
  return divideRounded(discountedCents12, 100 * 100) * 100;
}
