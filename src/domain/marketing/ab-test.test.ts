import { describe, expect, it } from 'vitest';
import { normalCdf, testGroupSize } from './ab-test';

describe('A/B test arithmetic', () => {
  it('has the standard normal distribution function', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
  });

  it('sizes the test group: the share, at least one per variant, at most everyone', () => {
    expect(testGroupSize(1000, 20, 2)).toBe(200);
    expect(testGroupSize(7, 20, 3)).toBe(3);
    expect(testGroupSize(2, 20, 3)).toBe(2);
    expect(testGroupSize(21, 50, 2)).toBe(11);
  });
});
