import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, secretKeyFileName } from './config.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hub-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('SECRET_KEY', () => {
  it('is generated once into DATA_DIR/secret-key (mode 0600) and kept across starts', () => {
    const dataDir = path.join(tempDir(), 'nested');
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, secretKeyFileName);
    expect(first.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secretKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).secretKey).toBe(first.secretKey);
    // Another install gets another key: nothing is shared or public.
    expect(loadConfig({ DATA_DIR: tempDir() }).secretKey).not.toBe(first.secretKey);
  });

  it('is kept in DATA_DIR with DATABASE_URL too', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u:p@db.example:5432/hub' });
    expect(readFileSync(path.join(dataDir, secretKeyFileName), 'utf8').trim()).toBe(config.secretKey);
  });

  it('prefers SECRET_KEY and writes nothing then', () => {
    const dataDir = tempDir();
    const key = 'k'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, SECRET_KEY: key }).secretKey).toBe(key);
    expect(() => statSync(path.join(dataDir, secretKeyFileName))).toThrow();
  });

  it('is required in production unless the key file exists; production never generates one', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(
      /SECRET_KEY: is required in production/,
    );
    expect(() => statSync(path.join(dataDir, secretKeyFileName))).toThrow();
    writeFileSync(path.join(dataDir, secretKeyFileName), `${'p'.repeat(48)}\n`, { mode: 0o600 });
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }).secretKey).toBe('p'.repeat(48));
  });

  it('refuses a short key file, and says what to do when the file cannot be written', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, secretKeyFileName), 'short');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/fewer than 32 characters/);
    // A data directory that cannot exist (its parent is a file) stands for any unwritable one, even as root.
    const blocker = path.join(tempDir(), 'a-file');
    writeFileSync(blocker, '');
    const unwritable = path.join(blocker, 'data');
    expect(() => loadConfig({ DATA_DIR: unwritable })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: unwritable })).toThrow(/set SECRET_KEY or make DATA_DIR writable/);
  });
});

describe('outbound allow-list', () => {
  it('reads comma-separated ranges and hosts, and names a bad range', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8, ::1/128',
      OUTBOUND_ALLOW_HOSTS: 'mail.internal',
    });
    expect(config.OUTBOUND_ALLOW_CIDRS).toEqual(['127.0.0.0/8', '::1/128']);
    expect(config.OUTBOUND_ALLOW_HOSTS).toEqual(['mail.internal']);
    expect(loadConfig({ NODE_ENV: 'test' }).OUTBOUND_ALLOW_CIDRS).toEqual([]);
    expect(() => loadConfig({ NODE_ENV: 'test', OUTBOUND_ALLOW_CIDRS: '10.0.0.0/99' })).toThrow(
      /OUTBOUND_ALLOW_CIDRS/,
    );
  });
});

const trustProxy = (value?: string) =>
  loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY;

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
