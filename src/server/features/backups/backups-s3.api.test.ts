import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupToEnd, keptRows, listed, restoreToEnd, until } from '../../../../test/support/backups.js';
import { type S3TestServer, startS3TestServer } from '../../../../test/support/s3-test-server.js';
import { type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';
import { loadConfig } from '../../config.js';
import { seedDemoData } from '../../seed/demo-data.js';
import { workspaceTables } from './catalog.js';

let s3: S3TestServer;
let owner: pg.Client;
const logs: string[] = [];
const appSecret = 'test-secret-access-key-never-shown';
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3?.close();
});
const t = useTestApp(() => ({
  workers: true,
  ownDatabase: true,
  logStream: { write: (line) => logs.push(line) },
  env: {
    BACKUP_S3_ENDPOINT: s3.endpoint,
    BACKUP_S3_BUCKET: s3.bucket,
    BACKUP_S3_REGION: s3.region,
    BACKUP_S3_ACCESS_KEY_ID: s3.accessKeyId,
    BACKUP_S3_SECRET_ACCESS_KEY: appSecret,
    BACKUP_S3_PREFIX: '/hub/',
    BACKUP_S3_PART_SIZE_MB: '5',
    BACKUP_KEEP: '3',
  },
}));
beforeAll(async () => {
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner?.end();
});

const objectsOf = async (workspaceId: number) =>
  (await s3.objects()).filter((key) => key.startsWith(`hub/${workspaceId}/`));

/**
 * The demo data and ~12 MB of incompressible notes: the gzip file is over one 5 MiB part, so it goes up
 * as a multipart upload. Monitoring off first, so no probe adds activities after the snapshot.
 */
async function bigWorkspace(name: string): Promise<SignedUp> {
  const o = await signUpOwner(t.app, { businessName: name });
  expect((await o.client.put('/api/superhub/features', { uptime_monitoring: false })).statusCode).toBe(200);
  await t.database.withWorkspace(o.workspaceId, (tx) =>
    seedDemoData(tx, { workspaceId: o.workspaceId, ownerId: o.userId, config: t.config, signIn: true }),
  );
  await owner.query(
    `insert into contacts (workspace_id, first_name, last_name, email, notes)
     select $1, 'First' || g, 'Last' || g, 'c' || g || '@s3.test',
            (select string_agg(md5(g || '-' || i), '') from generate_series(1, 40) i)
     from generate_series(1, 10000) g`,
    [o.workspaceId],
  );
  return o;
}

describe('backups in an S3-compatible bucket', () => {
  it('round trip: multipart upload (a failed part sent again), verify, download, restore equal row by row', async () => {
    const source = await bigWorkspace('Bucket Co');
    s3.requests.length = 0;
    s3.failNext(1, { operation: 'UploadPart', partNumber: 2 });
    const backup = await backupToEnd(source.client);
    expect(backup).toMatchObject({ status: 'completed', error: null });
    expect(backup.sizeBytes).toBeGreaterThan(5 * 1024 * 1024);
    const key = `hub/${source.workspaceId}/backup-${backup.id}.hbk.gz`;
    const calls = s3.requests.filter((r) => r.key === key).map((r) => r.operation);
    expect(calls[0]).toBe('CreateMultipartUpload');
    expect(calls.filter((c) => c === 'UploadPart').length).toBeGreaterThanOrEqual(3);
    expect(calls.at(-1)).toBe('CompleteMultipartUpload');
    expect(calls).not.toContain('PutObject');
    expect(await objectsOf(source.workspaceId)).toEqual([key]);
    expect(await s3.openUploads()).toBe(0);

    expect((await source.client.post(`/api/backups/${backup.id}/verify`)).statusCode).toBe(202);
    const verified = await until(
      async () => (await listed(source.client)).find((b) => b.id === backup.id),
      (b) => b?.verifyStatus !== 'queued',
    );
    expect(verified).toMatchObject({ verifyStatus: 'verified', verifyError: null });

    const download = await source.client.get(`/api/backups/${backup.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(Number(download.headers['content-length'])).toBe(backup.sizeBytes);
    const text = gunzipSync(download.rawPayload).toString('utf8');
    expect(text.startsWith('BUSINESS-HUB-BACKUP 1\n')).toBe(true);
    expect(text).toContain('c9999@s3.test');

    const restore = await restoreToEnd(source.client, backup.id);
    expect(restore).toMatchObject({ status: 'completed', error: null });
    const copyId = restore.newWorkspaceId as number;
    const client = await t.database.pool.connect();
    const tables = await workspaceTables(client).finally(() => client.release());
    for (const table of tables)
      expect(await keptRows(owner, table, copyId), table.name).toEqual(
        await keptRows(owner, table, source.workspaceId),
      );
  }, 180_000);

  it('a small backup is one PUT; retention deletes the older objects from the bucket', async () => {
    const source = await signUpOwner(t.app, { businessName: 'Small Bucket Co' });
    s3.requests.length = 0;
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await backupToEnd(source.client));
    expect(made.map((b) => b.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    const calls = s3.requests.filter((r) => r.key.startsWith(`hub/${source.workspaceId}/`));
    expect(calls.filter((c) => c.operation === 'PutObject').length).toBe(4);
    expect(calls.map((c) => c.operation)).not.toContain('CreateMultipartUpload');
    // The oldest row goes in the backup's commit, its object just after: a DeleteObject can still be in flight.
    const kept = made
      .slice(1)
      .map((b) => `hub/${source.workspaceId}/backup-${b.id}.hbk.gz`)
      .sort();
    expect(
      await until(
        () => objectsOf(source.workspaceId),
        (objects) => objects.length <= kept.length,
      ),
    ).toEqual(kept);
    const deletes = s3.requests.filter(
      (r) => r.key.startsWith(`hub/${source.workspaceId}/`) && r.operation === 'DeleteObject',
    );
    expect(deletes.map((c) => c.key)).toEqual([`hub/${source.workspaceId}/backup-${made[0].id}.hbk.gz`]);
    expect((await listed(source.client)).map((b) => b.id)).toEqual(
      made
        .slice(1)
        .map((b) => b.id)
        .reverse(),
    );
  }, 120_000);

  it('an upload that fails part-way is aborted: a failed backup, no object, no open upload', async () => {
    const source = await bigWorkspace('Broken Bucket Co');
    s3.requests.length = 0;
    // Every attempt at the second part fails (the first attempt and both retries).
    s3.failNext(3, { operation: 'UploadPart', partNumber: 2 });
    const failed = await backupToEnd(source.client);
    expect(failed).toMatchObject({ status: 'failed', sizeBytes: null, totalRows: null });
    expect(failed.error).toBe(
      'The backup bucket refused UploadPart with HTTP 500 (InternalError: We encountered an internal error. Please try again.).',
    );
    const key = `hub/${source.workspaceId}/backup-${failed.id}.hbk.gz`;
    const calls = s3.requests.filter((r) => r.key === key).map((r) => r.operation);
    expect(calls).toContain('UploadPart');
    expect(calls.at(-1)).toBe('AbortMultipartUpload');
    expect(calls).not.toContain('CompleteMultipartUpload');
    expect(await objectsOf(source.workspaceId)).toEqual([]);
    expect(await s3.openUploads()).toBe(0);
    const rows = await owner.query('select status, file_name from backups where workspace_id = $1', [
      source.workspaceId,
    ]);
    expect(rows.rows).toEqual([{ status: 'failed', file_name: null }]);
    expect((await source.client.get(`/api/backups/${failed.id}/download`)).statusCode).toBe(409);
  }, 180_000);

  it('credentials the bucket refuses fail the backup with a readable reason that holds no secret', async () => {
    const source = await signUpOwner(t.app, { businessName: 'Refused Bucket Co' });
    // The bucket's secret is rotated: the app's own no longer signs correctly.
    s3.secretAccessKey = 'the-rotated-secret-access-key';
    try {
      const failed = await backupToEnd(source.client);
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe(
        'The backup bucket refused PutObject with HTTP 403 (SignatureDoesNotMatch: The request signature we calculated does not match the signature you provided. Check your key and signing method.).',
      );
      const run = await source.client.get('/run/backup');
      expect(run.json()).toMatchObject({ status: 'error' });
      expect(run.json().message).toContain('SignatureDoesNotMatch');
      const everything = [
        JSON.stringify(await listed(source.client)),
        run.body,
        JSON.stringify((await source.client.get('/api/activities')).json()),
        logs.join(''),
      ].join('\n');
      expect(everything).toContain('SignatureDoesNotMatch');
      expect(everything).not.toContain(appSecret);
      expect(await objectsOf(source.workspaceId)).toEqual([]);
    } finally {
      s3.secretAccessKey = appSecret;
    }
    expect((await backupToEnd(source.client)).status).toBe('completed');
  }, 60_000);
});

describe('S3 configuration', () => {
  it('is all or nothing: a bucket without keys, or a key without a bucket, stops the start naming the variable', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', BACKUP_S3_BUCKET: 'b', BACKUP_S3_ACCESS_KEY_ID: 'k' }),
    ).toThrow(/BACKUP_S3_SECRET_ACCESS_KEY: is required when BACKUP_S3_BUCKET is set/);
    expect(() => loadConfig({ NODE_ENV: 'test', BACKUP_S3_SECRET_ACCESS_KEY: 'very-secret' })).toThrow(
      /BACKUP_S3_BUCKET: is required when BACKUP_S3_SECRET_ACCESS_KEY is set/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        BACKUP_S3_BUCKET: 'b',
        BACKUP_S3_ACCESS_KEY_ID: 'k',
        BACKUP_S3_SECRET_ACCESS_KEY: 'very-secret',
        BACKUP_S3_ENDPOINT: 'http://user:pw@minio.local:9000',
      }),
    ).toThrow(/BACKUP_S3_ENDPOINT: must be an http\(s\) URL without credentials/);
    const config = loadConfig({
      NODE_ENV: 'test',
      BACKUP_S3_BUCKET: 'b',
      BACKUP_S3_ACCESS_KEY_ID: 'k',
      BACKUP_S3_SECRET_ACCESS_KEY: 'very-secret',
    });
    expect(config).toMatchObject({
      BACKUP_S3_REGION: 'us-east-1',
      BACKUP_S3_FORCE_PATH_STYLE: true,
      BACKUP_S3_PREFIX: '',
    });
  });
});
