import { describe, expect, it } from 'vitest';
import { crossSellPercent } from './service.js';

describe('crossSellPercent', () => {
  it('is a percent with one decimal', () => {
    expect(crossSellPercent(1, 2)).toBe(50);
    expect(crossSellPercent(2, 3)).toBe(66.7);
    expect(crossSellPercent(0, 4)).toBe(0);
    expect(crossSellPercent(4, 4)).toBe(100);
  });
});
