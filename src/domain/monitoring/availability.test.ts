import { describe, expect, it } from 'vitest';
import { availability, monthSpan } from './availability';

const at = (iso: string) => Date.parse(iso);
const minute = 60_000;

describe('monthly availability', () => {
  it('excludes a 2-hour maintenance window and the downtime inside it, as computed by hand', () => {
    // November 2026: 30 days = 43,200 minutes. Maintenance 2 h (120 min) on the 10th, 02:00–04:00.
    // Downtime: 45 min on the 3rd, and 60 min from 03:30 on the 10th, of which 30 min fall in the window.
    // Counted downtime = 45 + 30 = 75 min; counted time = 43,200 − 120 = 43,080 min.
    // By hand: (43,080 − 75) / 43,080 = 43,005 / 43,080 = 99.825905…% → 99.83%.
    const result = availability(
      monthSpan('2026-11'),
      [
        { start: at('2026-11-03T10:00:00Z'), end: at('2026-11-03T10:45:00Z') },
        { start: at('2026-11-10T03:30:00Z'), end: at('2026-11-10T04:30:00Z') },
      ],
      [{ start: at('2026-11-10T02:00:00Z'), end: at('2026-11-10T04:00:00Z') }],
    );
    expect(result.periodMs).toBe(43_200 * minute);
    expect(result.maintenanceMs).toBe(120 * minute);
    expect(result.downMs).toBe(75 * minute);
    expect(Math.abs((result.percent ?? 0) - (43_005 / 43_080) * 100)).toBeLessThan(0.01);
    expect(result.percent?.toFixed(2)).toBe('99.83');
  });

  it('clips spans to the month, merges overlaps and counts an open incident to the end', () => {
    const month = monthSpan('2026-02');
    expect(month.end - month.start).toBe(28 * 1440 * minute);
    const result = availability(
      month,
      [
        // Began in January: only February's 60 minutes count.
        { start: at('2026-01-31T23:00:00Z'), end: at('2026-02-01T01:00:00Z') },
        { start: at('2026-02-05T00:00:00Z'), end: at('2026-02-05T01:00:00Z') },
        { start: at('2026-02-05T00:30:00Z'), end: at('2026-02-05T01:30:00Z') },
      ],
      [],
    );
    expect(result.downMs).toBe(150 * minute);
    expect(result.percent).toBeCloseTo(100 * (1 - 150 / (28 * 1440)), 6);
  });

  it('has no figure when maintenance covers the whole period', () => {
    const month = monthSpan('2026-04');
    expect(availability(month, [], [month]).percent).toBeNull();
    expect(availability(month, [], []).percent).toBe(100);
  });
});
