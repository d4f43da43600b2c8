import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppReceiver, addApp, startAppReceiver } from '../../../../test/app-receiver.js';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../../../test/local-smtp-server.js';
import { backupToEnd, restoreToEnd } from '../../../../test/support/backups.js';
import { createTestApp, signUpOwner, type TestApp } from '../../../../test/test-app.js';

// A backup of a workspace caught mid-send holds queued messages, a running run and a pending delivery.
// Its restored copy must bring the data and none of the sending: not at restore, not at the next start.
let t: TestApp;
let restarted: TestApp | undefined;
let owner: pg.Client;
let receiver: AppReceiver;
let smtp: LocalSmtpServer;
const backupRoot = mkdtempSync(path.join(os.tmpdir(), 'hub-restore-sends-'));
const env = () => ({ BACKUP_DIR: backupRoot, SMTP_URL: smtp.url });

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  receiver = await startAppReceiver();
  t = await createTestApp({ workers: true, ownDatabase: true, env: env() });
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner?.end();
  await restarted?.close();
  await t?.close();
  await receiver?.close();
  await smtp?.close();
});

const one = async (sql: string, params: unknown[]) => (await owner.query(sql, params)).rows[0];

describe('a restore brings data, never pending side effects', () => {
  it('restores a workspace caught mid-send with its sending stopped, and a restart sends nothing from it', async () => {
    const o = await signUpOwner(t.app, { businessName: 'Mid Send Co' });
    const ws = o.workspaceId;
    // The rows are written as a send in progress looks, without queueing their jobs: the workers already
    // started, so only a restart's recovery (or a sweep) would pick them up, as after a crash.
    const contact = await o.client.post('/api/contacts', { firstName: 'Ann', email: 'ann@restored.test' });
    expect(contact.statusCode, contact.body).toBe(201);
    const contactId = contact.json().id as number;
    const campaign = await o.client.post('/api/campaigns', { name: 'Spring', subject: 'Hi', body: 'Hello' });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const campaignId = campaign.json().id as number;
    await owner.query(
      `update campaigns set status = 'sending', to_send = 2, started_at = now() where id = $1`,
      [campaignId],
    );
    for (const [n, status] of [
      [1, 'queued'],
      [2, 'sending'],
    ] as const)
      await owner.query(
        `insert into marketing_messages (workspace_id, idempotency_key, campaign_id, contact_id, to_email, subject, body, token, status, claimed_by)
         values ($1, $2, $3, $4, $5, 'Hi', 'Hello', $6, $7, $8)`,
        [
          ws,
          `campaign:${campaignId}:${n}`,
          campaignId,
          contactId,
          `c${n}@restored.test`,
          `tok-c${n}-${ws}`,
          status,
          status === 'sending' ? 'gone-process' : null,
        ],
      );
    const workflow = await o.client.post('/api/workflows', {
      name: 'Welcome',
      description: '',
      status: 'draft',
      trigger: { type: 'contact_created' },
      conditions: [],
      steps: [{ type: 'send_email', subject: 'Welcome', body: 'Hello {{firstName}}' }],
    });
    expect(workflow.statusCode, workflow.body).toBe(201);
    const workflowId = workflow.json().id as number;
    await owner.query(`update workflows set status = 'active' where id = $1`, [workflowId]);
    const version = await one('select id from workflow_versions where workflow_id = $1', [workflowId]);
    const run = await one(
      `insert into workflow_runs (workspace_id, workflow_id, version_id, contact_id, trigger_key, status, cursor, started_at, deadline_at)
       values ($1, $2, $3, $4, 'contact.created:restore', 'running', '0', now(), now() + interval '1 day') returning id`,
      [ws, workflowId, version.id, contactId],
    );
    await owner.query(
      `insert into marketing_messages (workspace_id, idempotency_key, run_id, contact_id, to_email, subject, body, token)
       values ($1, $2, $3, $4, 'w@restored.test', 'Welcome', 'Hello', $5)`,
      [ws, `run:${run.id}:0`, run.id, contactId, `tok-w-${ws}`],
    );
    const appId = await addApp(o, 'Shop', `${receiver.base}/app/shop`);
    const endpoint = await o.client.post('/api/webhook-endpoints', {
      appId,
      url: `${receiver.base}/hook/restored`,
      events: ['contact.created'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    // Due a minute from now: the monitor tick's stale sweep leaves it alone until the backup is taken.
    await owner.query(
      `insert into ops_deliveries (workspace_id, endpoint_id, webhook_id, event_type, body, next_attempt_at)
       values ($1, $2, 'msg_restore_1', 'contact.created', '{}', now() + interval '1 minute')`,
      [ws, endpoint.json().id],
    );

    // A task whose reminder is still to come: the source sends it; the copy holds it until its owner sets it.
    const task = await o.client.post('/api/tasks', {
      title: 'Call back',
      remindAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(task.statusCode, task.body).toBe(201);

    const backup = await backupToEnd(o.client);
    expect(backup.status).toBe('completed');
    const restore = await restoreToEnd(o.client, backup.id);
    expect(restore.status, restore.error ?? '').toBe('completed');
    const copy = restore.newWorkspaceId as number;

    // The source is still mid-send; stopped here, so that only the copy could send after the restart.
    await owner.query(
      `update campaigns set status = 'cancelled' where workspace_id = $1;
       update marketing_messages set status = 'failed' where workspace_id = $1;
       update workflow_runs set status = 'failed', deadline_at = null where workspace_id = $1;
       update ops_deliveries set status = 'failed' where workspace_id = $1`.replaceAll('$1', String(ws)),
      [],
    );

    // The statuses the copy shows at once: stopped, none stuck 'sending' or 'running'.
    const shown = async () => ({
      campaigns: (await owner.query('select status from campaigns where workspace_id = $1', [copy])).rows.map(
        (r) => r.status,
      ),
      workflows: (await owner.query('select status from workflows where workspace_id = $1', [copy])).rows.map(
        (r) => r.status,
      ),
      runs: (
        await owner.query('select status, failure_reason from workflow_runs where workspace_id = $1', [copy])
      ).rows,
      messages: (
        await owner.query(
          'select to_email, status, error from marketing_messages where workspace_id = $1 order by to_email',
          [copy],
        )
      ).rows,
      deliveries: (
        await owner.query('select status, attempts, last_error from ops_deliveries where workspace_id = $1', [
          copy,
        ])
      ).rows,
    });
    const expectStopped = async () => {
      const now = await shown();
      expect(now.campaigns).toEqual(['paused']);
      expect(now.workflows).toEqual(['paused']);
      expect(now.runs).toEqual([{ status: 'failed', failure_reason: expect.stringContaining('restored') }]);
      expect(now.messages).toEqual([
        { to_email: 'c1@restored.test', status: 'queued', error: null },
        { to_email: 'c2@restored.test', status: 'queued', error: null },
        { to_email: 'w@restored.test', status: 'failed', error: expect.stringContaining('restored') },
      ]);
      expect(now.deliveries).toEqual([
        { status: 'failed', attempts: 0, last_error: expect.stringContaining('restored') },
      ]);
    };
    await expectStopped();
    const reminders = async (workspaceId: number) =>
      (await owner.query('select reminder_state from tasks where workspace_id = $1', [workspaceId])).rows;
    expect(await reminders(copy)).toEqual([{ reminder_state: 'held' }]);
    expect(await reminders(ws)).toEqual([{ reminder_state: 'pending' }]);

    // A restart: a second process's workers recover unfinished work everywhere, then sweep.
    restarted = await createTestApp({ workers: true, databaseUrl: t.ownerUrl, env: env() });
    // Long enough for the recovered jobs to run (they run within a second when there is something to send).
    await sleep(4000);
    await expectStopped();
    expect(smtp.received).toHaveLength(0);
    expect(receiver.received.filter((r) => r.path.startsWith('/hook/'))).toHaveLength(0);
    const attempts = await one(
      'select count(*)::int as n from ops_delivery_attempts where workspace_id = $1',
      [copy],
    );
    expect(attempts.n).toBe(0);
  }, 60_000);
});
