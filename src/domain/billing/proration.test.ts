import { describe, expect, it } from 'vitest';
import { prorate } from './proration.js';

const start = new Date('2030-01-01T00:00:00Z');
const end = new Date('2030-01-31T00:00:00Z');

describe('prorate', () => {
  it('credits the unused third at the old price and charges it at the new one', () => {
    const at = new Date('2030-01-21T00:00:00Z');
    expect(
      prorate({ previousCents: 4900, nextCents: 14900, periodStart: start, periodEnd: end, at }),
    ).toEqual({
      creditCents: 1633,
      chargeCents: 4967,
    });
  });

  it('prorates the whole period at its start and nothing once it has ended', () => {
    expect(
      prorate({ previousCents: 4900, nextCents: 14900, periodStart: start, periodEnd: end, at: start }),
    ).toEqual({ creditCents: 4900, chargeCents: 14900 });
    const later = new Date('2030-02-02T00:00:00Z');
    expect(
      prorate({ previousCents: 4900, nextCents: 14900, periodStart: start, periodEnd: end, at: later }),
    ).toEqual({ creditCents: 0, chargeCents: 0 });
  });
});
