import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { directoryStorage } from './storage.js';

describe('directory backup storage', () => {
  it('writes backup files readable by the server user only (file 0600, folders 0700)', async () => {
    const root = path.join(mkdtempSync(path.join(os.tmpdir(), 'hub-backup-modes-')), 'backups');
    const storage = directoryStorage(root);
    const upload = await storage.create('7/backup-1.hbk.gz');
    await pipeline(Readable.from([Buffer.from('every contact of the workspace')]), upload.stream);
    await upload.commit();
    expect(statSync(path.join(root, '7', 'backup-1.hbk.gz')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(root, '7')).mode & 0o777).toBe(0o700);
    expect(statSync(root).mode & 0o777).toBe(0o700);
  });
});
