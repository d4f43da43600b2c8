import { describe, expect, it } from 'vitest';
import { simulate } from '../../../test/support/ab-simulation';
import {
  boundarySquared,
  liftInterval,
  lookAt,
  mixingFor,
  mixtureP,
  normalQuantile,
  plannedSampleSize,
} from './sequential-test';

describe('sequential A/B test (mixture SPRT)', () => {
  it('computes the mixture likelihood ratio on fixed counts', () => {
    // 200/1000 against 250/1000: z = 0.05 / √(0.16/1000 + 0.1875/1000) = 2.68221; with ρ = 100,
    // Λ = √(100/1100) · exp(z² · 1000 / 2200) = 7.93405, p = 1/Λ.
    const p = mixtureP({ sent: 1000, hits: 200 }, { sent: 1000, hits: 250 }, 100);
    expect(p).toBeCloseTo(1 / 7.93405, 5);
    expect(mixtureP({ sent: 0, hits: 0 }, { sent: 10, hits: 1 }, 100)).toBe(1);
    expect(mixtureP({ sent: 10, hits: 0 }, { sent: 10, hits: 0 }, 100)).toBe(1);
  });

  it('asks more evidence than a fixed-horizon z-test: the boundary lies above 1.96', () => {
    const rho = mixingFor(1000, 0.05);
    const z = Math.sqrt(boundarySquared(1000, rho, 0.05));
    expect(z).toBeGreaterThan(1.96);
    expect(z).toBeLessThan(3.5);
    // ρ tuned for 1000 gives its tightest boundary there.
    expect(boundarySquared(1000, rho, 0.05)).toBeLessThanOrEqual(boundarySquared(1000, rho * 2, 0.05));
    expect(boundarySquared(1000, rho, 0.05)).toBeLessThanOrEqual(boundarySquared(1000, rho / 2, 0.05));
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 4);
  });

  it('keeps its confidence from look to look and decides only on the current leader', () => {
    const rho = 100;
    const first = lookAt(
      [
        { sent: 1000, hits: 200 },
        { sent: 1000, hits: 260 },
      ],
      { target: 0.95, rho },
    );
    expect(first.leader).toBe(1);
    expect(first.decided).toBe(true);
    expect(first.confidence).toBeGreaterThan(0.95);
    const later = lookAt(
      [
        { sent: 1000, hits: 200 },
        { sent: 1000, hits: 205 },
      ],
      { target: 0.95, rho, previousP: 0.2 },
    );
    expect(later.confidence).toBeCloseTo(0.8, 6);
    expect(later.decided).toBe(false);
    // A tie goes to the earlier variant, with nothing measured.
    expect(
      lookAt(
        [
          { sent: 10, hits: 0 },
          { sent: 10, hits: 0 },
        ],
        { target: 0.95, rho },
      ),
    ).toEqual({ leader: 0, p: 1, confidence: 0, decided: false });
  });

  it('splits α between the rivals of the leader (Bonferroni) with three variants', () => {
    const counts = [
      { sent: 1000, hits: 200 },
      { sent: 1000, hits: 250 },
      { sent: 1000, hits: 240 },
    ];
    const look = lookAt(counts, { target: 0.95, rho: 100 });
    expect(look.leader).toBe(1);
    expect(look.p).toBeCloseTo(Math.min(1, 2 * mixtureP(counts[2], counts[1], 100)), 9);
  });

  it('gives the relative lift with an interval around it', () => {
    const lift = liftInterval({ sent: 2000, hits: 400 }, { sent: 2000, hits: 480 }, 200, 0.05);
    expect(lift?.estimate).toBeCloseTo(0.2, 9);
    expect(lift?.low).toBeLessThan(0.2);
    expect(lift?.high).toBeGreaterThan(0.2);
    expect(lift?.low).toBeGreaterThan(0);
    expect(liftInterval({ sent: 10, hits: 0 }, { sent: 10, hits: 1 }, 200, 0.05)).toBeNull();
  });

  // The bench (bench/ab-tests.ts) runs 1,000 of each; this seeded twin runs 300.
  it('declares a winner in at most 5% of A/A tests, looking every 50 recipients', () => {
    const perArm = plannedSampleSize(0.2, 0.2, 0.95);
    const aa = simulate({ runs: 300, seed: 7, rates: [0.2, 0.2], perArm, lookEvery: 50, target: 0.95 });
    expect(aa.declared / aa.runs).toBeLessThanOrEqual(0.05);
  });

  it('finds a planted 20% lift in at least 80% of tests at the stated sample size', () => {
    const perArm = plannedSampleSize(0.2, 0.2, 0.95);
    const lift = simulate({ runs: 300, seed: 8, rates: [0.2, 0.24], perArm, lookEvery: 50, target: 0.95 });
    expect(lift.declaredB / lift.runs).toBeGreaterThanOrEqual(0.8);
    expect(lift.declared).toBe(lift.declaredB);
  });
});
