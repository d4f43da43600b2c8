import { afterEach, describe, expect, it } from 'vitest';
import { instantOf, localInputValue } from './local-time';

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

describe('datetime-local values', () => {
  // Node applies a changed TZ at once, so the reader's zone is the test's to choose.
  it.each([
    ['America/New_York', '2026-01-15T10:30'],
    ['Asia/Tokyo', '2026-01-16T00:30'],
    ['UTC', '2026-01-15T15:30'],
  ])('shows an instant as local time in %s and reads it back as the same instant', (tz, local) => {
    process.env.TZ = tz;
    const stored = '2026-01-15T15:30:00.000Z';
    expect(localInputValue(stored)).toBe(local);
    expect(instantOf(localInputValue(stored))).toBe(stored);
  });

  it('keeps text that names no date, for the schema to refuse', () => {
    expect(instantOf('soon')).toBe('soon');
  });
});
