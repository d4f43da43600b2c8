/**
 * Integer rounding for the pricing rules. JavaScript's Math.round on a float product (e.g. 114 * 1.1)
 * can land on the wrong side of .5; these work on integers only, rounding halves up like the spec's
 * "rounded" (Math.round) does for positive amounts.
 */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator <= 0) {
    throw new Error(`divideRounded needs integers and a positive denominator: ${numerator}/${denominator}`);
  }
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}
