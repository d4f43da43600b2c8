/** The ecosystem bundle: all apps for a fixed $997 a month (spec 001 "Ecosystem Integration", §9). */
export const ecosystemBundlePriceCents = 99700;

/** Savings percent = round((1 - 997 / total value) x 100); 0 when there is no value to compare. */
export function ecosystemBundleSavingsPercent(totalValueCents: number): number {
  if (totalValueCents <= 0) return 0;
  return Math.round((1 - ecosystemBundlePriceCents / totalValueCents) * 100);
}
