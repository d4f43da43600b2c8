import { describe, expect, it } from 'vitest';
import { nextSendAfter, periodOf, type ScheduleRule } from './schedule-time.js';

const rule = (r: Partial<ScheduleRule>): ScheduleRule => ({
  frequency: 'daily',
  weekday: null,
  monthDay: null,
  timeOfDay: '08:00',
  ...r,
});
const next = (r: Partial<ScheduleRule>, zone: string, after: string) =>
  nextSendAfter(rule(r), zone, new Date(after)).toISOString();

describe('a schedule’s next send', () => {
  it('is the time of day in the recipient’s zone, on the rule’s day', () => {
    // Friday 2 May 2031: the next Monday 08:00 in Berlin (CEST, +2), New York (EDT, −4), Tokyo (+9).
    const weekly = { frequency: 'weekly' as const, weekday: 1 };
    expect(next(weekly, 'Europe/Berlin', '2031-05-02T08:00:00Z')).toBe('2031-05-05T06:00:00.000Z');
    expect(next(weekly, 'America/New_York', '2031-05-02T08:00:00Z')).toBe('2031-05-05T12:00:00.000Z');
    expect(next(weekly, 'Asia/Tokyo', '2031-05-02T08:00:00Z')).toBe('2031-05-04T23:00:00.000Z');
    // Strictly after: at the very send time, the next one is a week on.
    expect(next(weekly, 'UTC', '2031-05-05T08:00:00Z')).toBe('2031-05-12T08:00:00.000Z');
    expect(next({}, 'UTC', '2031-05-05T07:59:00Z')).toBe('2031-05-05T08:00:00.000Z');
    expect(next({ frequency: 'monthly', monthDay: 28 }, 'UTC', '2031-02-28T09:00:00Z')).toBe(
      '2031-03-28T08:00:00.000Z',
    );
  });

  it('sends a time the clocks skip an hour later, and a time they show twice the first time', () => {
    // Berlin springs forward on 30 March 2031 at 02:00 (to 03:00); 02:30 does not exist that day.
    expect(next({ timeOfDay: '02:30' }, 'Europe/Berlin', '2031-03-29T12:00:00Z')).toBe(
      '2031-03-30T01:30:00.000Z',
    );
    // It falls back on 26 October 2031 at 03:00 (to 02:00); 02:30 happens at 00:30 and 01:30 UTC.
    expect(next({ timeOfDay: '02:30' }, 'Europe/Berlin', '2031-10-25T12:00:00Z')).toBe(
      '2031-10-26T00:30:00.000Z',
    );
  });

  it('names its period by the recipient’s local date', () => {
    expect(periodOf('Asia/Tokyo', new Date('2031-05-04T23:00:00Z'))).toBe('2031-05-05');
    expect(periodOf('America/New_York', new Date('2031-05-05T02:00:00Z'))).toBe('2031-05-04');
  });
});
