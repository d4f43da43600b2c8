import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './activity-types';

describe('formatRelativeTime (spec 000 §9)', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it("reads 'just now' under a minute, never '0 minutes ago'", () => {
    expect(formatRelativeTime(ago(0), now)).toBe('just now');
    expect(formatRelativeTime(ago(59_999), now)).toBe('just now');
    // A clock a little ahead of the server's is still 'just now'.
    expect(formatRelativeTime(ago(-5_000), now)).toBe('just now');
  });

  it('counts minutes under an hour, hours under a day, then days', () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(1439 * 60_000), now)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(1440 * 60_000), now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(3 * 1440 * 60_000), now)).toBe('3 days ago');
  });
});
