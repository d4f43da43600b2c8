import { describe, expect, it } from 'vitest';
import { open, seal } from './secret-box.js';

const key = 'a-secret-key-that-is-long-enough-000000';

describe('secret box', () => {
  it('round-trips and never stores the plaintext', () => {
    const sealed = seal(key, 'purpose', 'app-password-123', 'jane@x.com');
    expect(sealed).not.toContain('app-password-123');
    expect(open(key, 'purpose', sealed, 'jane@x.com')).toBe('app-password-123');
  });

  it('uses a fresh IV each time', () => {
    expect(seal(key, 'p', 'same', 'c')).not.toBe(seal(key, 'p', 'same', 'c'));
  });

  it('refuses another key, purpose or context, and tampering', () => {
    const sealed = seal(key, 'purpose', 'pw', 'jane@x.com');
    expect(() => open(`${key}x`, 'purpose', sealed, 'jane@x.com')).toThrow();
    expect(() => open(key, 'other', sealed, 'jane@x.com')).toThrow();
    expect(() => open(key, 'purpose', sealed, 'bob@x.com')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('xx').toString('base64url');
    expect(() => open(key, 'purpose', parts.join('.'), 'jane@x.com')).toThrow();
  });
});
