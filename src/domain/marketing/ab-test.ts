/**
 * A/B test arithmetic (pure, shared by the server's decision and its tests): each variant's rate and
 * the confidence that the best variant's rate really differs from the runner-up's (two-proportion
 * z-test, two-sided).
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

/** The z statistic of a's rate minus b's, under the pooled proportion; null when it is undefined. */
export function twoProportionZ(a: VariantCounts, b: VariantCounts): number | null {
  if (a.sent === 0 || b.sent === 0) return null;
  const pooled = (a.hits + b.hits) / (a.sent + b.sent);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.sent + 1 / b.sent));
  if (se === 0) return null;
  return (a.hits / a.sent - b.hits / b.sent) / se;
}

/**
 * The winner (highest rate; a tie goes to the earlier variant) and the confidence, 0 to 1, that its
 * rate differs from the runner-up's: 1 − the two-sided p-value. Null confidence when it cannot be
 * measured (a variant sent nothing, or no variant differs at all).
 */
export function pickWinner(variants: VariantCounts[]): { winner: number; confidence: number | null } {
  let winner = 0;
  for (let i = 1; i < variants.length; i += 1)
    if ((rateOf(variants[i]) ?? -1) > (rateOf(variants[winner]) ?? -1)) winner = i;
  let runnerUp = -1;
  for (let i = 0; i < variants.length; i += 1)
    if (i !== winner && (runnerUp === -1 || (rateOf(variants[i]) ?? -1) > (rateOf(variants[runnerUp]) ?? -1)))
      runnerUp = i;
  if (runnerUp === -1) return { winner, confidence: null };
  const z = twoProportionZ(variants[winner], variants[runnerUp]);
  return { winner, confidence: z === null ? null : 2 * normalCdf(Math.abs(z)) - 1 };
}

/** How many of the audience get the test: the share, at least one per variant, at most everyone. */
export function testGroupSize(audience: number, percent: number, variants: number): number {
  return Math.min(audience, Math.max(variants, Math.ceil((audience * percent) / 100)));
}
