/** A span of time in epoch milliseconds, start included, end excluded. */
export interface Span {
  start: number;
  end: number;
}

/** The spans clipped to the period, sorted and merged where they overlap or touch. */
function merged(spans: Span[], period: Span): Span[] {
  const clipped = spans
    .map((s) => ({ start: Math.max(s.start, period.start), end: Math.min(s.end, period.end) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of clipped) {
    const last = out.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

const total = (spans: Span[]) => spans.reduce((sum, s) => sum + (s.end - s.start), 0);

/** Length of the parts of `spans` that lie inside `cover` (both merged). */
function overlap(spans: Span[], cover: Span[]): number {
  let sum = 0;
  for (const s of spans)
    for (const c of cover) sum += Math.max(0, Math.min(s.end, c.end) - Math.max(s.start, c.start));
  return sum;
}

export interface Availability {
  /** Percent of the period outside maintenance that the app was up; null when maintenance covers it all. */
  percent: number | null;
  downMs: number;
  maintenanceMs: number;
  periodMs: number;
}

/**
 * Availability over a period with maintenance excluded, as an SLA reads it: downtime inside a window
 * does not count, and the window's time is taken out of the period too.
 */
export function availability(period: Span, downtime: Span[], maintenance: Span[]): Availability {
  const windows = merged(maintenance, period);
  const down = merged(downtime, period);
  const maintenanceMs = total(windows);
  const downMs = total(down) - overlap(down, windows);
  const counted = period.end - period.start - maintenanceMs;
  return {
    percent: counted > 0 ? (100 * (counted - downMs)) / counted : null,
    downMs,
    maintenanceMs,
    periodMs: period.end - period.start,
  };
}

/** The calendar month `YYYY-MM` in UTC as a span. */
export function monthSpan(month: string): Span {
  const [year, m] = month.split('-').map(Number);
  return { start: Date.UTC(year, m - 1, 1), end: Date.UTC(year, m, 1) };
}
