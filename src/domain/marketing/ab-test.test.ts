import { describe, expect, it } from 'vitest';
import { normalCdf, pickWinner, testGroupSize, twoProportionZ } from './ab-test';

describe('A/B test arithmetic', () => {
  it('has the standard normal distribution function', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
  });

  it('computes the two-proportion z statistic on fixed counts', () => {
    // 20% of 1000 against 15% of 1000: pooled 17.5%, z = 0.05 / sqrt(0.175 × 0.825 × 2/1000).
    expect(twoProportionZ({ sent: 1000, hits: 200 }, { sent: 1000, hits: 150 })).toBeCloseTo(2.94245, 4);
    expect(twoProportionZ({ sent: 0, hits: 0 }, { sent: 10, hits: 1 })).toBeNull();
    expect(twoProportionZ({ sent: 10, hits: 0 }, { sent: 10, hits: 0 })).toBeNull();
  });

  it('picks the best rate and the confidence of its difference from the runner-up', () => {
    const decided = pickWinner([
      { sent: 1000, hits: 150 },
      { sent: 1000, hits: 200 },
      { sent: 1000, hits: 120 },
    ]);
    expect(decided.winner).toBe(1);
    expect(decided.confidence).toBeCloseTo(0.99674, 4); // two-sided p = 0.00326
    const small = pickWinner([
      { sent: 5, hits: 1 },
      { sent: 5, hits: 4 },
    ]);
    expect(small).toEqual({ winner: 1, confidence: expect.closeTo(0.94222, 4) });
    // A tie goes to the earlier variant, with no measurable confidence.
    expect(
      pickWinner([
        { sent: 10, hits: 0 },
        { sent: 10, hits: 0 },
      ]),
    ).toEqual({ winner: 0, confidence: null });
    expect(
      pickWinner([
        { sent: 0, hits: 0 },
        { sent: 4, hits: 1 },
      ]),
    ).toEqual({ winner: 1, confidence: null });
  });

  it('sizes the test group: the share, at least one per variant, at most everyone', () => {
    expect(testGroupSize(1000, 20, 2)).toBe(200);
    expect(testGroupSize(7, 20, 3)).toBe(3);
    expect(testGroupSize(2, 20, 3)).toBe(2);
    expect(testGroupSize(21, 50, 2)).toBe(11);
  });
});
