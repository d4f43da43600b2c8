import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './mail-host-guard.js';

describe('isPrivateAddress', () => {
  it('flags internal addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
  });

  it('lets public mail servers through', () => {
    for (const ip of ['142.250.102.108', '40.99.10.2', '172.32.0.1', '2607:f8b0:4023::6c']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});
