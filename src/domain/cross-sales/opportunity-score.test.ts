import { describe, expect, it } from 'vitest';
import { opportunityScore, scoreWeights, urgencyOf, valueEstimate } from './opportunity-score.js';

describe('opportunity score', () => {
  it('adds status, value, recency and engagement up to 100', () => {
    expect(
      opportunityScore({ status: 'customer', valueCents: 500_000, daysSinceContact: 1, engagement: 9 }),
    ).toBe(100);
    expect(opportunityScore({ status: 'lost', valueCents: 0, daysSinceContact: null, engagement: 0 })).toBe(
      0,
    );
  });

  it('scales value linearly to its cap and rounds down', () => {
    const base = { status: 'lead' as const, daysSinceContact: null, engagement: 0 };
    expect(opportunityScore({ ...base, valueCents: scoreWeights.valueFullCents / 2 })).toBe(20 + 12);
    expect(opportunityScore({ ...base, valueCents: scoreWeights.valueFullCents * 3 })).toBe(20 + 25);
  });

  it('gives fewer points the longer ago the last contact was', () => {
    const at = (days: number | null) =>
      opportunityScore({ status: 'qualified', valueCents: 0, daysSinceContact: days, engagement: 0 });
    expect([at(0), at(7), at(8), at(30), at(31), at(90), at(91), at(null)]).toEqual([
      50, 50, 45, 45, 38, 38, 30, 30,
    ]);
  });

  it('counts at most five timeline entries', () => {
    const at = (n: number) =>
      opportunityScore({ status: 'lead', valueCents: 0, daysSinceContact: null, engagement: n });
    expect([at(0), at(1), at(5), at(50)]).toEqual([20, 23, 35, 35]);
  });

  it('bands urgency at 80 and 65, and places the value estimate in the range', () => {
    expect([urgencyOf(80), urgencyOf(79), urgencyOf(65), urgencyOf(64)]).toEqual([
      'high',
      'medium',
      'medium',
      'low',
    ]);
    expect(valueEstimate([100, 300], 50)).toBe(200);
    expect(valueEstimate([100, 300], 0)).toBe(100);
  });
});
