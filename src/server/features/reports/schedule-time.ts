import type { ScheduleFrequency } from '@domain/reports/schedule-schemas';

/** When a schedule sends: how often, on which day, at which local time of day (HH:MM). */
export interface ScheduleRule {
  frequency: ScheduleFrequency;
  weekday: number | null;
  monthDay: number | null;
  timeOfDay: string;
}

const dayMs = 86_400_000;

/** The wall-clock date and time `instant` shows in `zone`, as fields (month 1–12). */
function wallClock(zone: string, instant: number) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const field = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
    second: field('second'),
  };
}

/** How far `zone`'s clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(zone: string, instant: number): number {
  const w = wallClock(zone, instant);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time in `zone` happens. A time the clocks skip (spring forward) happens an hour
 * later, as the clock reads after the change; a time they show twice (fall back) happens the first time.
 */
export function zonedInstant(
  zone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // A zone's offset changes at most once around a given day: the offsets a day before and after cover it.
  const before = offsetAt(zone, asUtc - dayMs);
  const after = offsetAt(zone, asUtc + dayMs);
  const shown = [asUtc - before, asUtc - after].filter((at) => offsetAt(zone, at) === asUtc - at);
  return shown.length > 0 ? Math.min(...shown) : asUtc - before;
}

const isoDate = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** Whether the local date `y-m-d` is one the rule sends on. */
function sendsOn(rule: ScheduleRule, year: number, month: number, day: number): boolean {
  if (rule.frequency === 'daily') return true;
  if (rule.frequency === 'weekly') {
    const weekday = ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
    return weekday === rule.weekday;
  }
  return day === rule.monthDay;
}

/** The first send of `rule` in `zone` strictly after `after`. */
export function nextSendAfter(rule: ScheduleRule, zone: string, after: Date): Date {
  const [hour, minute] = rule.timeOfDay.split(':').map(Number);
  const today = wallClock(zone, after.getTime());
  // A month holds every weekday and every day 1–28, so 32 local days always hold the next send.
  for (let i = 0; i <= 32; i++) {
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day) + i * dayMs);
    const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    if (!sendsOn(rule, y, m, day)) continue;
    const at = zonedInstant(zone, y, m, day, hour, minute);
    if (at > after.getTime()) return new Date(at);
  }
  throw new Error(`no send of ${JSON.stringify(rule)} within 32 days`);
}

/** The period a send at `at` belongs to: its local date in `zone` (one send a day at most). */
export function periodOf(zone: string, at: Date): string {
  const w = wallClock(zone, at.getTime());
  return isoDate(w.year, w.month, w.day);
}
