import { describe, expect, it } from 'vitest';
import { defaultSharedBuffersMb } from './embedded.js';

const gb = 2 ** 30;

describe('defaultSharedBuffersMb', () => {
  it('takes an eighth of the memory, never below PostgreSQL default nor above 1 GB', () => {
    expect(defaultSharedBuffersMb(4 * gb)).toBe(512);
    expect(defaultSharedBuffersMb(0.5 * gb)).toBe(128);
    expect(defaultSharedBuffersMb(64 * gb)).toBe(1024);
  });
});
