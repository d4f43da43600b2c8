import { describe, expect, it } from 'vitest';
import { findingCauseKey } from './findings.js';

describe('findingCauseKey', () => {
  it('names a finding by website and URL, within the 500 characters a cause key holds', () => {
    expect(findingCauseKey(3, 'https://a.example/x')).toBe('site-finding:3:https://a.example/x');
    const long = `https://a.example/${'x'.repeat(2000)}`;
    const key = findingCauseKey(3, long);
    expect(key.length).toBeLessThanOrEqual(500);
    expect(key).toBe(findingCauseKey(3, long));
    expect(key).not.toBe(findingCauseKey(3, `${long}y`));
  });
});
