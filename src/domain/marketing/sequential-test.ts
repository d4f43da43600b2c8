/**
 * The sequential A/B test (pure, shared by the server's decision, the simulation bench and its tests).
 *
 * Method: the mixture sequential probability ratio test (mSPRT) with a normal mixing distribution,
 * giving an always-valid p-value — Johari, Koomen, Pekelis and Walsh, "Always Valid Inference:
 * Continuous Monitoring of A/B Tests", Operations Research 70(3), 2022 (arXiv:1512.04922), built on
 * Robbins' normal-mixture boundary (Robbins 1970; Howard, Ramdas, McAuliffe and Sekhon, "Time-uniform,
 * nonparametric, nonasymptotic confidence sequences", Annals of Statistics 49(2), 2021).
 *
 * With the difference of the two rates δ̂ = p̂b − p̂a, its standard error σ and z = δ̂ / σ, after n
 * observations per arm the mixture likelihood ratio against "no difference" is
 *   Λ(n) = √(ρ / (n + ρ)) · exp(z² · n / (2 (n + ρ))),
 * (a normal mixture over δ whose variance is the per-observation variance divided by ρ). Under no
 * difference Λ is a nonnegative martingale with mean 1, so by Ville's inequality the chance that it
 * EVER reaches 1/α is at most α: looking after every observation, or at any moments chosen while
 * watching, declares a false winner at most α of the time. The always-valid p-value is the running
 * minimum of 1/Λ, the stated confidence 1 − p. The same boundary, inverted, gives a confidence
 * sequence for the difference (and, on the log scale, for the relative lift) that holds at every look.
 *
 * ρ is fixed before any data, from the maximum sample: the one that makes the boundary tightest there.
 * With more than two variants the leader is compared with each other variant at α / (k − 1)
 * (Bonferroni), so the whole test keeps its α.
 */
import { normalCdf, rateOf, type VariantCounts } from './ab-test';

/** The squared z boundary at n observations per arm: |z| at or beyond √ of it rejects at level α. */
export function boundarySquared(n: number, rho: number, alpha: number): number {
  return ((n + rho) / n) * (2 * Math.log(1 / alpha) + Math.log((n + rho) / rho));
}

/** The mixing parameter that makes the boundary tightest at `maxPerArm` (a log-grid search, fixed in advance). */
export function mixingFor(maxPerArm: number, alpha: number): number {
  let best = 1;
  let bestValue = Number.POSITIVE_INFINITY;
  for (let e = -3; e <= Math.log10(Math.max(10, maxPerArm)) + 1; e += 0.01) {
    const rho = 10 ** e;
    const value = boundarySquared(Math.max(1, maxPerArm), rho, alpha);
    if (value < bestValue) {
      bestValue = value;
      best = rho;
    }
  }
  return best;
}

/** Observations per arm for the variance of the difference: the harmonic mean of the two arms' sizes. */
const effectiveN = (a: VariantCounts, b: VariantCounts) => 2 / (1 / a.sent + 1 / b.sent);

function standardError(a: VariantCounts, b: VariantCounts): number {
  const pa = a.hits / a.sent;
  const pb = b.hits / b.sent;
  return Math.sqrt((pa * (1 - pa)) / a.sent + (pb * (1 - pb)) / b.sent);
}

/**
 * The always-valid p-value at this look for "b's rate differs from a's" (1 when there is nothing to
 * measure yet). Callers keep the running minimum across looks.
 */
export function mixtureP(a: VariantCounts, b: VariantCounts, rho: number): number {
  if (a.sent === 0 || b.sent === 0) return 1;
  const se = standardError(a, b);
  if (se === 0) return 1;
  const z = (b.hits / b.sent - a.hits / a.sent) / se;
  const n = effectiveN(a, b);
  const logLambda = 0.5 * Math.log(rho / (n + rho)) + (z * z * n) / (2 * (n + rho));
  return Math.min(1, Math.exp(-logLambda));
}

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

/**
 * b's lift over a, relative ((rate b − rate a) / rate a), with its always-valid interval at the
 * confidence 1 − α: the mixture boundary applied to the log of the rate ratio (delta method). Null
 * while either arm has no outcome (the ratio is not defined).
 */
export function liftInterval(
  a: VariantCounts,
  b: VariantCounts,
  rho: number,
  alpha: number,
): Interval | null {
  if (a.sent === 0 || b.sent === 0 || a.hits === 0 || b.hits === 0) return null;
  const pa = a.hits / a.sent;
  const pb = b.hits / b.sent;
  const logRatio = Math.log(pb / pa);
  const se = Math.sqrt((1 - pa) / a.hits + (1 - pb) / b.hits);
  const half = Math.sqrt(boundarySquared(effectiveN(a, b), rho, alpha)) * se;
  return { estimate: pb / pa - 1, low: Math.exp(logRatio - half) - 1, high: Math.exp(logRatio + half) - 1 };
}

export interface SequentialLook {
  /** The variant with the best rate now (a tie goes to the earlier one). */
  leader: number;
  /** The always-valid p-value of the leader against the others, Bonferroni-adjusted; the running minimum. */
  p: number;
  /** 1 − p: the confidence stated as the test goes. */
  confidence: number;
  /** The leader's confidence reached the target: stop and send it. */
  decided: boolean;
}

/**
 * One look at the test: the leader, its always-valid confidence (never lower than at an earlier look,
 * `previousP`), and whether it reached `target` (e.g. 0.95).
 */
export function lookAt(
  variants: VariantCounts[],
  options: { target: number; rho: number; previousP?: number },
): SequentialLook {
  let leader = 0;
  for (let i = 1; i < variants.length; i += 1)
    if ((rateOf(variants[i]) ?? -1) > (rateOf(variants[leader]) ?? -1)) leader = i;
  let worst = 0;
  for (let i = 0; i < variants.length; i += 1)
    if (i !== leader) worst = Math.max(worst, mixtureP(variants[i], variants[leader], options.rho));
  const adjusted = Math.min(1, worst * (variants.length - 1));
  const p = Math.min(adjusted, options.previousP ?? 1);
  // The running minimum may come from an earlier leader; a decision needs the current leader to clear it.
  const decided = adjusted <= 1 - options.target;
  return { leader, p, confidence: 1 - p, decided };
}

/** The z value below which a standard normal falls with probability `q` (bisection on Φ). */
export function normalQuantile(q: number): number {
  let low = -10;
  let high = 10;
  for (let i = 0; i < 100; i += 1) {
    const mid = (low + high) / 2;
    if (normalCdf(mid) < q) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/**
 * The sample per variant at which a two-variant test finds a relative `lift` over `baseRate` with at
 * least `power`, at confidence `target`, with ρ tuned for that sample: the smallest n whose last look
 * alone has that power (a sequential test that may also stop earlier only finds it more often).
 */
export function plannedSampleSize(baseRate: number, lift: number, target: number, power = 0.8): number {
  const alpha = 1 - target;
  const pb = baseRate * (1 + lift);
  const variance = baseRate * (1 - baseRate) + pb * (1 - pb);
  const delta = pb - baseRate;
  const zPower = normalQuantile(power);
  const enough = (n: number) =>
    delta / Math.sqrt(variance / n) - Math.sqrt(boundarySquared(n, mixingFor(n, alpha), alpha)) >= zPower;
  let high = 16;
  while (!enough(high)) high *= 2;
  let low = high / 2;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (enough(mid)) high = mid;
    else low = mid;
  }
  return high;
}
