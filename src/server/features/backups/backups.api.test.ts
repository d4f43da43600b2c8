import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Backup } from '@domain/backups/backup-schemas';
import { sampleSyncItems } from '@domain/phone-sync/sample-sync-items';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupToEnd, keptRows, listed, restoreToEnd, until } from '../../../../test/support/backups.js';
import { ApiClient, addMember, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';
import { seedDemoData } from '../../seed/demo-data.js';
import { wordpressPasswordPurpose } from '../content/service.js';
import { openAuthHeader } from '../ecosystem/index.js';
import { open, seal } from '../email/service.js';
import { privateKeyContext, privateKeyPurpose } from '../seo/search-console-sync.js';
import { notBackedUp, workspaceTables } from './catalog.js';

let owner: pg.Client;
const backupRoot = mkdtempSync(path.join(os.tmpdir(), 'hub-backups-'));
const t = useTestApp({
  workers: true,
  ownDatabase: true,
  env: { BACKUP_DIR: backupRoot, BACKUP_KEEP: '3' },
});
beforeAll(async () => {
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner?.end();
});

/** A workspace with data of every kind: the demo seed, an import, emails, a geofence, keys, invites, a payment. */
async function richWorkspace(): Promise<SignedUp> {
  const o = await signUpOwner(t.app, { businessName: 'Rich Co' });
  // The minute probe tick (any test process's workers) would otherwise add "app is down" activities to the
  // source after the snapshot; with monitoring off before any app exists, no probe is ever claimed for it.
  expect((await o.client.put('/api/superhub/features', { uptime_monitoring: false })).statusCode).toBe(200);
  await t.database.withWorkspace(o.workspaceId, (tx) =>
    seedDemoData(tx, { workspaceId: o.workspaceId, ownerId: o.userId, config: t.config, signIn: true }),
  );
  const csvData =
    'first_name,last_name,email,company\nIvy,Import,ivy@import.test,Import Co\nBad,Row,not-an-email,\n';
  const imported = await o.client.post('/api/contacts/import-csv', { csvData, filename: 'people.csv' });
  expect(imported.statusCode).toBe(202);
  await until(
    async () => (await o.client.get(`/api/contacts/import-status/${imported.json().jobId}`)).json().status,
    (s) => s === 'completed' || s === 'failed',
  );
  for (const i of [1, 2]) {
    const mail = await o.client.post('/api/emails/process', {
      fromEmail: `Sender ${i} <sender${i}@mail.test>`,
      toEmail: 'inbox@rich.test',
      subject: `Hello ${i}`,
      body: 'Body',
      messageId: `<m${i}@mail.test>`,
    });
    expect(mail.statusCode).toBe(202);
  }
  await until(
    async () =>
      (
        await owner.query('select count(*)::int as n from email_conversations where workspace_id = $1', [
          o.workspaceId,
        ])
      ).rows[0].n,
    (n) => n === 2,
  );
  expect(
    (await o.client.post('/api/location/update', { latitude: 30.27, longitude: -97.74, accuracy: 10 }))
      .statusCode,
  ).toBe(200);
  expect(
    (await o.client.post('/api/workspace/api-keys', { name: 'script', role: 'member' })).statusCode,
  ).toBe(201);
  expect(
    (await o.client.post('/api/workspace/invites', { email: 'later@rich.test', role: 'member' })).statusCode,
  ).toBe(201);
  await owner.query(
    `insert into payments (workspace_id, amount_cents, one_time_cents, description, provider, customer_email)
     values ($1, 4900, 4900, 'Starter plan', 'offline', 'buyer@rich.test')`,
    [o.workspaceId],
  );
  return o;
}

describe('backups', () => {
  it('find every table that has a workspace_id, from the catalog (a new table is covered without a list)', async () => {
    const client = await t.database.pool.connect();
    try {
      const found = (await workspaceTables(client)).map((table) => table.name).sort();
      const { rows } = await owner.query(
        `select c.relname from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'workspace_id'
         where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition`,
      );
      const all = rows.map((r) => r.relname as string).filter((name) => !notBackedUp.includes(name));
      expect(found).toEqual(all.sort());
      expect(found).toContain('succession_plans');
    } finally {
      client.release();
    }
  });

  it('round trip: backup, verify, restore into a new workspace, equal row by row; other tenants untouched', async () => {
    const source = await richWorkspace();
    const bystander = await signUpOwner(t.app, { businessName: 'Bystander' });
    const sourceToken = (await source.client.get('/api/iphone/test-token')).json().token;
    const backup = await backupToEnd(source.client);
    expect(backup).toMatchObject({ status: 'completed', verifyStatus: 'unverified', trigger: 'manual' });
    expect(backup.sizeBytes).toBeGreaterThan(0);
    // The count of applied migrations and the newest one's name.
    const migrations = readdirSync(path.resolve('src/server/db/migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(backup.schemaVersion).toBe(`${migrations.length}:${migrations.at(-1)}`);
    const counts = Object.fromEntries(backup.tables.map((x) => [x.table, x.rows]));
    for (const table of [
      'contacts',
      'deals',
      'activities',
      'import_jobs',
      'import_row_errors',
      'email_conversations',
      'payments',
      'websites',
      'products',
      'api_keys',
      'invites',
      'memberships',
      'member_locations',
      'ecosystem_apps',
      'content_items',
    ])
      expect(counts[table], table).toBeGreaterThan(0);
    // Only this workspace's rows: the bystander's membership is not in it.
    expect(counts.memberships).toBe(1);

    expect((await source.client.post(`/api/backups/${backup.id}/verify`)).statusCode).toBe(202);
    const verified = await until(
      async () => (await listed(source.client)).find((b) => b.id === backup.id) as Backup,
      (b) => b.verifyStatus !== 'queued',
    );
    expect(verified).toMatchObject({ verifyStatus: 'verified', verifyError: null });

    const download = await source.client.get(`/api/backups/${backup.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('.hbk.gz');
    const text = gunzipSync(download.rawPayload).toString('utf8');
    expect(text.startsWith('BUSINESS-HUB-BACKUP 1\n')).toBe(true);
    expect(text).toContain('ivy@import.test');

    const restore = await restoreToEnd(source.client, backup.id);
    expect(restore).toMatchObject({ status: 'completed', error: null });
    const copyId = restore.newWorkspaceId as number;
    expect(copyId).not.toBe(source.workspaceId);

    const client = await t.database.pool.connect();
    const tables = await workspaceTables(client).finally(() => client.release());
    for (const table of tables) {
      expect(await keptRows(owner, table, copyId), table.name).toEqual(
        await keptRows(owner, table, source.workspaceId),
      );
    }
    // References follow the new ids: the same contact ↔ company, deal ↔ contact, conversation ↔ job pairs.
    const pairs = async (workspaceId: number) =>
      (
        await owner.query(
          `select (select string_agg(c.email || '>' || coalesce(co.name, ''), ',' order by c.email, co.name)
                     from contacts c left join companies co on co.id = c.company_id where c.workspace_id = $1) as contacts,
                  (select string_agg(d.name || '>' || c.email, ',' order by d.name, c.email)
                     from deals d join contacts c on c.id = d.contact_id where d.workspace_id = $1) as deals,
                  (select string_agg(j.message_id || '>' || coalesce(c.email, ''), ',' order by j.message_id)
                     from email_conversations e join email_processing_jobs j on j.id = e.job_id
                     left join contacts c on c.id = e.contact_id where e.workspace_id = $1) as mail`,
          [workspaceId],
        )
      ).rows[0];
    expect(await pairs(copyId)).toEqual(await pairs(source.workspaceId));
    // Tokens unique across workspaces are new: the copy's API key and tracking keys are its own.
    const keys = async (workspaceId: number) =>
      (await owner.query('select prefix from api_keys where workspace_id = $1', [workspaceId])).rows[0]
        .prefix;
    expect(await keys(copyId)).not.toBe(await keys(source.workspaceId));

    // The owner can switch into the restored workspace and sees the same contacts there.
    expect((await source.client.post('/api/auth/switch-workspace', { workspaceId: copyId })).statusCode).toBe(
      200,
    );
    const contacts = (await source.client.get('/api/contacts?limit=100')).json();
    expect(JSON.stringify(contacts)).toContain('ivy@import.test');
    // The copy's testing sync token is its own, and its Test buttons work.
    const copyToken = (await source.client.get('/api/iphone/test-token')).json().token;
    expect(copyToken).toMatch(/^hubsync_/);
    expect(copyToken).not.toBe(sourceToken);
    const testSync = await new ApiClient(t.app).post('/api/iphone/sync', {
      type: 'calls',
      data: sampleSyncItems('calls'),
      authToken: copyToken,
      test: true,
    });
    expect(testSync.statusCode).toBe(202);
    expect(
      (await source.client.post('/api/auth/switch-workspace', { workspaceId: source.workspaceId }))
        .statusCode,
    ).toBe(200);
    expect(await listed(bystander.client)).toEqual([]);
  }, 120_000);

  it('secrets sealed for the old workspace and ids open in the restored one', async () => {
    const source = await signUpOwner(t.app, { businessName: 'Sealed Co' });
    expect((await source.client.put('/api/superhub/features', { uptime_monitoring: false })).statusCode).toBe(
      200,
    );
    const secretKey = t.app.deps.config.secretKey;
    const wordpress = await source.client.put('/api/content/wordpress', {
      siteUrl: 'https://blog.sealed.test',
      username: 'editor',
      applicationPassword: 'abcd efgh ijkl mnop',
    });
    expect(wordpress.statusCode).toBe(200);
    const app = await source.client.post('/api/ecosystem/apps', {
      name: 'Sealed App',
      category: 'business',
      url: 'https://app.sealed.test',
      type: 'B2B',
      pricing: { free: true },
      features: [],
      endpoints: [
        {
          name: 'Leads',
          type: 'website',
          category: 'leads',
          url: 'https://app.sealed.test/leads.json',
          authHeader: 'Authorization: Bearer sealed-token',
        },
      ],
    });
    expect(app.statusCode).toBe(201);
    // Connecting through the API would queue a sync that reaches for Google; the row is what matters here.
    await owner.query(
      'insert into search_console_connections (workspace_id, client_email, sealed_private_key) values ($1, $2, $3)',
      [
        source.workspaceId,
        'ranks@sealed.iam.test',
        seal(
          secretKey,
          privateKeyPurpose,
          'PRIVATE KEY',
          privateKeyContext(source.workspaceId, 'ranks@sealed.iam.test'),
        ),
      ],
    );

    const backup = await backupToEnd(source.client);
    expect(backup.verifyStatus).toBe('unverified');
    const restore = await restoreToEnd(source.client, backup.id);
    expect(restore).toMatchObject({ status: 'completed', error: null });
    const copyId = restore.newWorkspaceId as number;
    // A restore checks every table's rows and the file's checksum: the backup is verified by it.
    expect((await listed(source.client)).find((b) => b.id === backup.id)?.verifyStatus).toBe('verified');

    const row = async (query: string) => (await owner.query(query, [copyId])).rows[0];
    const press = await row('select sealed_password from content_wordpress where workspace_id = $1');
    expect(open(secretKey, wordpressPasswordPurpose, press.sealed_password, String(copyId))).toBe(
      'abcd efgh ijkl mnop',
    );
    const ranks = await row(
      'select client_email, sealed_private_key from search_console_connections where workspace_id = $1',
    );
    expect(
      open(
        secretKey,
        privateKeyPurpose,
        ranks.sealed_private_key,
        privateKeyContext(copyId, ranks.client_email),
      ),
    ).toBe('PRIVATE KEY');
    const endpoint = await row(
      'select app_id::int as "appId", name, auth_header_sealed as "authHeaderSealed" from ecosystem_endpoints where workspace_id = $1',
    );
    expect(endpoint.appId).not.toBe(app.json().id);
    expect(openAuthHeader(secretKey, endpoint)).toEqual({
      name: 'Authorization',
      value: 'Bearer sealed-token',
    });
  }, 120_000);

  it('a restore that fails part-way leaves no workspace and no row behind', async () => {
    const source = await signUpOwner(t.app, { businessName: 'Fragile Co' });
    await t.database.withWorkspace(source.workspaceId, (tx) =>
      seedDemoData(tx, {
        workspaceId: source.workspaceId,
        ownerId: source.userId,
        config: t.config,
        signIn: false,
      }),
    );
    const member = await addMember(t.app, source, 'member');
    const memberId = (await member.client.get('/api/auth/user')).json().id as number;
    const backup = await backupToEnd(source.client);
    // The member's account is deleted after the backup: its membership row can no longer be restored.
    await owner.query('delete from users where id = $1', [memberId]);
    const before = (await owner.query('select count(*)::int as n, max(id)::int as last from workspaces'))
      .rows[0];
    const contactsBefore = (await owner.query('select count(*)::int as n from contacts')).rows[0].n;

    const restore = await restoreToEnd(source.client, backup.id);
    expect(restore.status).toBe('failed');
    expect(restore.error).toContain('memberships');
    expect(restore.newWorkspaceId).toBeNull();
    const after = (await owner.query('select count(*)::int as n, max(id)::int as last from workspaces'))
      .rows[0];
    expect(after.n).toBe(before.n);
    expect((await owner.query('select count(*)::int as n from contacts')).rows[0].n).toBe(contactsBefore);
    // The restore really had started inserting before the failure: contacts come before memberships.
    const client = await t.database.pool.connect();
    const order = (await workspaceTables(client).finally(() => client.release())).map((x) => x.name);
    expect(order.indexOf('contacts')).toBeLessThan(order.indexOf('memberships'));
  }, 60_000);

  it('a damaged file fails verification and its restore', async () => {
    const source = await signUpOwner(t.app, { businessName: 'Damaged Co' });
    await source.client.post('/api/websites', { name: 'Site', domain: 'damaged.example.com' });
    const backup = await backupToEnd(source.client);
    const dir = path.join(backupRoot, String(source.workspaceId));
    const file = path.join(dir, readdirSync(dir).find((f) => f === `backup-${backup.id}.hbk.gz`) as string);
    const text = gunzipSync(readFileSync(file))
      .toString('utf8')
      .replaceAll('damaged.example.com', 'tampered.example.com');
    writeFileSync(file, gzipSync(text));
    await source.client.post(`/api/backups/${backup.id}/verify`);
    const verified = await until(
      async () => (await listed(source.client)).find((b) => b.id === backup.id) as Backup,
      (b) => b.verifyStatus !== 'queued',
    );
    expect(verified.verifyStatus).toBe('failed');
    expect(verified.verifyError).toMatch(/^table \w+ does not match the backup's checksum$/);
    const restore = await restoreToEnd(source.client, backup.id);
    expect(restore.status).toBe('failed');
  }, 60_000);

  it('keeps the newest BACKUP_KEEP completed backups and deletes the older files', async () => {
    const source = await signUpOwner(t.app, { businessName: 'Retention Co' });
    const made: Backup[] = [];
    for (let i = 0; i < 4; i++) made.push(await backupToEnd(source.client));
    const ids = (await listed(source.client)).map((b) => b.id);
    expect(ids).toEqual(
      made
        .slice(1)
        .map((b) => b.id)
        .reverse(),
    );
    const files = readdirSync(path.join(backupRoot, String(source.workspaceId)));
    expect(files.sort()).toEqual(
      made
        .slice(1)
        .map((b) => `backup-${b.id}.hbk.gz`)
        .sort(),
    );
    expect(existsSync(path.join(backupRoot, String(source.workspaceId), `backup-${made[0].id}.hbk.gz`))).toBe(
      false,
    );
  }, 60_000);

  it('a file the storage refuses leaves a failed backup, nothing catalogued as done and no file', async () => {
    const source = await signUpOwner(t.app, { businessName: 'Refused Co' });
    // A plain file where the workspace's folder goes: the directory storage cannot write there.
    const blocker = path.join(backupRoot, String(source.workspaceId));
    writeFileSync(blocker, 'not a folder');
    const failed = await backupToEnd(source.client);
    expect(failed).toMatchObject({ status: 'failed', sizeBytes: null, totalRows: null });
    expect(readFileSync(blocker, 'utf8')).toBe('not a folder');
    const rows = await owner.query('select status, file_name from backups where workspace_id = $1', [
      source.workspaceId,
    ]);
    expect(rows.rows).toEqual([{ status: 'failed', file_name: null }]);
    expect((await source.client.get(`/api/backups/${failed.id}/download`)).statusCode).toBe(409);
    rmSync(blocker);
    expect((await backupToEnd(source.client)).status).toBe('completed');
  }, 60_000);

  it('GET /run/backup runs a backup and answers {status, message} when it is done', async () => {
    const source = await signUpOwner(t.app, { businessName: 'Run Co' });
    const res = await source.client.get('/run/backup');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success' });
    expect(res.json().message).toMatch(/^Backup \d+ completed: \d+ rows from \d+ tables\.$/);
    expect((await listed(source.client))[0]).toMatchObject({ status: 'completed' });
    const crossSite = await source.client.request('GET', '/run/backup', undefined, {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
  }, 60_000);

  it('are for admins and owners only, and never cross workspaces', async () => {
    const source = await signUpOwner(t.app, { businessName: 'Private Co' });
    const backup = await backupToEnd(source.client);
    const admin = await addMember(t.app, source, 'admin');
    expect((await listed(admin.client)).map((b) => b.id)).toEqual([backup.id]);
    const member = await addMember(t.app, source, 'member');
    for (const [method, url] of [
      ['GET', '/api/backups'],
      ['POST', '/api/backups'],
      ['GET', `/api/backups/${backup.id}/download`],
      ['POST', `/api/backups/${backup.id}/verify`],
      ['POST', `/api/backups/${backup.id}/restore`],
      ['GET', '/run/backup'],
    ] as const)
      expect((await member.client.request(method, url)).statusCode, url).toBe(403);
    const stranger = await signUpOwner(t.app, { businessName: 'Stranger Co' });
    expect(await listed(stranger.client)).toEqual([]);
    for (const [method, url] of [
      ['GET', `/api/backups/${backup.id}/download`],
      ['POST', `/api/backups/${backup.id}/verify`],
      ['POST', `/api/backups/${backup.id}/restore`],
    ] as const)
      expect((await stranger.client.request(method, url)).statusCode, url).toBe(404);
    expect((await source.client.get('/api/backups/abc/download')).statusCode).toBe(400);
    const restores = await owner.query(
      'select count(*)::int as n from backup_restores where backup_id = $1',
      [backup.id],
    );
    expect(restores.rows[0].n).toBe(0);
  }, 60_000);
});
