import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const trustProxy = (value?: string) =>
  loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
  });

  it('takes true, a hop count, or addresses and CIDRs', () => {
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
    ]);
  });

  it('stops the start on anything else, naming the variable', () => {
    expect(() => trustProxy('yes please')).toThrow(ConfigError);
    expect(() => trustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY: .*not 10\.0\.0\.0\/33/);
  });
});
