/**
 * Simulated sequential A/B tests on the product's own decision (`lookAt`), for the bench and its
 * smaller unit-test twin. Seeded, so a run is repeatable: the product never draws from this generator.
 */
import { lookAt, mixingFor } from '../../src/domain/marketing/sequential-test.js';

/** mulberry32: a small seeded 32-bit generator, uniform on [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface SimulationOptions {
  runs: number;
  seed: number;
  /** Variant A's outcome rate, and B's (equal for an A/A test). */
  rates: [number, number];
  /** The maximum sample per variant. */
  perArm: number;
  /** Recipients per variant between two looks. */
  lookEvery: number;
  target: number;
}

export interface SimulationResult {
  runs: number;
  /** Runs that declared any winner before the maximum sample. */
  declared: number;
  /** Of those, the ones that declared B (the better one, when B's rate is higher). */
  declaredB: number;
  looks: number;
  /** Mean recipients per variant when the test stopped. */
  meanStopPerArm: number;
}

export function simulate(options: SimulationOptions): SimulationResult {
  const random = seededRandom(options.seed);
  const rho = mixingFor(options.perArm, 1 - options.target);
  let declared = 0;
  let declaredB = 0;
  let looks = 0;
  let stoppedAt = 0;
  for (let run = 0; run < options.runs; run += 1) {
    const arms = [
      { sent: 0, hits: 0 },
      { sent: 0, hits: 0 },
    ];
    let previousP = 1;
    while (arms[0].sent < options.perArm) {
      const batch = Math.min(options.lookEvery, options.perArm - arms[0].sent);
      for (let arm = 0; arm < 2; arm += 1)
        for (let i = 0; i < batch; i += 1) {
          arms[arm].sent += 1;
          if (random() < options.rates[arm]) arms[arm].hits += 1;
        }
      const look = lookAt(arms, { target: options.target, rho, previousP });
      looks += 1;
      previousP = look.p;
      if (look.decided) {
        declared += 1;
        if (look.leader === 1) declaredB += 1;
        break;
      }
    }
    stoppedAt += arms[0].sent;
  }
  return { runs: options.runs, declared, declaredB, looks, meanStopPerArm: stoppedAt / options.runs };
}
