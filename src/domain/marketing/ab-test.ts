/**
 * A/B test arithmetic (pure, shared by the server and its tests): rates, the normal distribution and
 * the test share's size. The decision itself is sequential: sequential-test.ts.
 */
export interface VariantCounts {
  /** Messages of the variant that went out. */
  sent: number;
  /** Of those, the ones opened (or clicked, by the test's metric). */
  hits: number;
}

export const rateOf = ({ sent, hits }: VariantCounts): number | null => (sent === 0 ? null : hits / sent);

/** The standard normal distribution function, Φ(x) (Abramowitz and Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** How many of the audience get the test: the share, at least one per variant, at most everyone. */
export function testGroupSize(audience: number, percent: number, variants: number): number {
  return Math.min(audience, Math.max(variants, Math.ceil((audience * percent) / 100)));
}
