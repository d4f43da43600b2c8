import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppReceiver, addApp, startAppReceiver } from '../../../../test/app-receiver.js';
import { type CrawlTestSite, startCrawlTestSite } from '../../../../test/crawl-test-site.js';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../../../test/local-smtp-server.js';
import { directoryDifference } from '../../../../test/public-token-directory.js';
import {
  type FakeSearchConsole,
  startFakeSearchConsole,
} from '../../../../test/search-console-test-server.js';
import { backupToEnd, restoreToEnd } from '../../../../test/support/backups.js';
import { eventually } from '../../../../test/support/eventually.js';
import { type LocalImapServer, rawEmail, startImapServer } from '../../../../test/support/imap-server.js';
import { addMember, createTestApp, signUpOwner, type TestApp } from '../../../../test/test-app.js';
import { sweepAutomation } from '../automation/jobs.js';
import { publishDueContent } from '../content/service.js';
import { scheduleDueCrawls } from '../crawls/jobs.js';
import { startDueCampaigns } from '../marketing/jobs.js';
import { runProbeTick } from '../monitoring/probe.js';
import { queueDailySearchConsoleSyncs } from '../seo/search-console-sync.js';
import { checkAllSuccessions } from '../succession/service.js';

// A backup of a workspace caught with one of each kind of work pending: a campaign mid-send, a workflow
// run and its message, a webhook delivery, an app integration, a data collection, a crawl, an import, a
// scheduled post; and with everything that runs on a schedule: uptime probes, a mailbox sync, Search
// Console syncs, a weekly crawl, a succession check. Its restored copy must bring the data and none of
// the work: not at restore, not at the next start, until its owner starts it.
let t: TestApp;
let restarted: TestApp | undefined;
let owner: pg.Client;
let receiver: AppReceiver;
let smtp: LocalSmtpServer;
let site: CrawlTestSite;
let imap: LocalImapServer;
let google: FakeSearchConsole;
const backupRoot = mkdtempSync(path.join(os.tmpdir(), 'hub-restore-sends-'));
const mailbox = { user: 'inbox@restored.test', password: 'app-password-123' };
const env = () => ({
  BACKUP_DIR: backupRoot,
  SMTP_URL: smtp.url,
  GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
  SEARCH_CONSOLE_API_URL: google.apiUrl,
});

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  receiver = await startAppReceiver();
  site = await startCrawlTestSite({ products: 3, posts: 2, slow: false });
  google = await startFakeSearchConsole([], ['sc-domain:shop.restored.test']);
  imap = await startImapServer({
    ...mailbox,
    inbox: [
      {
        raw: rawEmail(
          {
            from: 'Bob <bob@buyers.test>',
            to: mailbox.user,
            subject: 'Hello',
            messageId: '<in-1@buyers.test>',
          },
          'Hi there',
        ),
      },
    ],
    sent: [],
  });
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
  await site?.close();
  await imap?.close();
  await google?.close();
});

const one = async (sql: string, params: unknown[]) => (await owner.query(sql, params)).rows[0];
const all = async (sql: string, params: unknown[]) => (await owner.query(sql, params)).rows;

describe('a restore brings data, never pending side effects', () => {
  it('restores every kind of pending work stopped, runs no schedule of the copy until its owner starts it', async () => {
    const o = await signUpOwner(t.app, { businessName: 'Mid Send Co' });
    const ws = o.workspaceId;
    const heir = await addMember(t.app, o, 'member');
    const heirId = (await heir.client.get('/api/auth/user')).json().id as number;

    // The mailbox syncs once before the backup (as connected); the copy must not sync it again.
    const connected = await o.client.post('/api/email/sync-status', {
      provider: 'gmail',
      email: mailbox.user,
      appPassword: mailbox.password,
      host: '127.0.0.1',
      port: imap.port,
      secure: false,
    });
    expect(connected.statusCode, connected.body).toBe(201);
    await eventually(async () => (await o.client.get('/api/email/sync-status')).json()[0].lastSyncedAt);

    // The rows are written as work in progress looks, without queueing their jobs: the workers already
    // started, so only a restart's recovery (or a schedule) would pick them up, as after a crash.
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

    // An app: its uptime monitor, a pending webhook delivery, an integration half done, a data collection.
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
    await owner.query(
      `update ops_app_state set integration_status = 'integrating', integration_step = 1,
         integration_nonce = 'restored-nonce' where app_id = $1`,
      [appId],
    );
    const feed = await o.client.post(`/api/ecosystem/apps/${appId}/endpoints`, {
      name: 'Feed',
      type: 'replit',
      category: 'leads',
      description: 'Feed endpoint',
      url: `${receiver.base}/collect`,
      format: 'json',
    });
    expect(feed.statusCode, feed.body).toBe(201);
    const collection = await one(
      `insert into ecosystem_collection_runs (workspace_id, app_id, app_name, status, total_endpoints)
       values ($1, $2, 'Shop', 'queued', 1) returning id`,
      [ws, appId],
    );
    await owner.query(
      `insert into ecosystem_collection_results (workspace_id, run_id, endpoint_id, position, app_name, endpoint_name)
       values ($1, $2, $3, 0, 'Shop', 'Feed')`,
      [ws, collection.id, feed.json().id],
    );

    // Two websites on the local test site: one mid-crawl, one never crawled (the weekly crawl's next).
    for (const [name, domain] of [
      ['Shop', 'shop.restored.test'],
      ['Blog', 'blog.restored.test'],
    ]) {
      expect((await o.client.post('/api/websites', { name, domain })).statusCode).toBe(201);
    }
    for (const websiteId of [1, 2])
      expect(
        (await o.client.patch(`/api/site-health/websites/${websiteId}/settings`, { startUrl: site.url }))
          .statusCode,
      ).toBe(200);
    await owner.query(
      `insert into site_crawls (workspace_id, website_id, kind, trigger, status, start_url, page_budget, max_depth, started_at)
       values ($1, 1, 'full', 'manual', 'running', $2, 50, 3, now())`,
      [ws, site.url],
    );
    await owner.query(
      `insert into import_jobs (workspace_id, filename, status, total_rows) values ($1, 'people.csv', 'processing', 1)`,
      [ws],
    );
    await owner.query(
      `insert into content_items (workspace_id, type, status, topic, title, slug, body, generator, scheduled_at)
       values ($1, 'blog', 'scheduled', 'Spring', 'Spring news', 'spring-news', 'Body', 'offline', now() + interval '1 hour')`,
      [ws],
    );
    // Search Console connected (its first sync runs now, before the backup).
    const searchConsole = await o.client.put('/api/site-health/search-console', {
      serviceAccountKey: google.serviceAccount,
    });
    expect(searchConsole.statusCode, searchConsole.body).toBe(200);
    await eventually(async () => google.lastClaims);
    // A succession plan whose owner has been away longer than its period: a daily check would notify.
    const plan = await o.client.put('/api/succession', { successorId: heirId, inactivityDays: 1 });
    expect(plan.statusCode, plan.body).toBe(200);
    await owner.query(`update users set last_sign_in_at = now() - interval '10 days' where id = $1`, [
      o.userId,
    ]);

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
    // The copy's public tokens are new, and each is in the directory.
    expect(await directoryDifference(t.ownerUrl, copy)).toEqual([]);
    expect((await o.client.post('/api/auth/switch-workspace', { workspaceId: copy })).statusCode).toBe(200);
    const reminders = async (workspaceId: number) =>
      (await owner.query('select reminder_state from tasks where workspace_id = $1', [workspaceId])).rows;
    // Only the copy's reminders are held: the source's still goes out.
    expect(await reminders(ws)).toEqual([{ reminder_state: 'pending' }]);

    // The source goes, so that whatever reaches the local servers from now on came from the copy.
    // The workers may still be busy in it (its campaign mid-send): a deadlock with them is tried again.
    for (let attempt = 1; ; attempt += 1) {
      const deleted = await owner.query('delete from workspaces where id = $1', [ws]).then(
        () => true,
        (error: { code?: string }) => {
          if (error.code !== '40P01' || attempt === 5) throw error;
          return false;
        },
      );
      if (deleted) break;
    }
    const { last_synced_at: mailboxSyncedAt } = await one(
      'select last_synced_at from email_accounts where workspace_id = $1',
      [copy],
    );
    smtp.received.length = 0;
    receiver.received.length = 0;
    site.hits.clear();
    google.lastClaims = null;
    google.lastQuery = null;

    // The statuses the copy shows at once: stopped, none stuck 'sending', 'running' or 'scheduled'.
    const stopped = expect.stringContaining('restored from a backup');
    const shown = async () => ({
      heldSince: (await o.client.get('/api/auth/user')).json().workspace.heldSince,
      campaigns: (await all('select status from campaigns where workspace_id = $1', [copy])).map(
        (r) => r.status,
      ),
      workflows: (await all('select status from workflows where workspace_id = $1', [copy])).map(
        (r) => r.status,
      ),
      runs: await all('select status, failure_reason from workflow_runs where workspace_id = $1', [copy]),
      messages: await all(
        'select to_email, status, error from marketing_messages where workspace_id = $1 order by to_email',
        [copy],
      ),
      deliveries: await all(
        'select status, attempts, last_error from ops_deliveries where workspace_id = $1',
        [copy],
      ),
      integrations: await all(
        'select integration_status, integration_error from ops_app_state where workspace_id = $1',
        [copy],
      ),
      collections: await all('select status, error from ecosystem_collection_runs where workspace_id = $1', [
        copy,
      ]),
      collectionResults: await all(
        'select status, reason from ecosystem_collection_results where workspace_id = $1',
        [copy],
      ),
      crawls: await all(
        'select website_id, status, error from site_crawls where workspace_id = $1 order by id',
        [copy],
      ),
      imports: await all('select status, error_message from import_jobs where workspace_id = $1', [copy]),
      content: await all(
        'select status, scheduled_at, published_at from content_items where workspace_id = $1',
        [copy],
      ),
      succession: (await one('select status from succession_plans where workspace_id = $1', [copy])).status,
      mailboxSyncedAt: (
        await one('select last_synced_at from email_accounts where workspace_id = $1', [copy])
      ).last_synced_at,
      heartbeats: (await one('select count(*)::int as n from ops_heartbeats where workspace_id = $1', [copy]))
        .n,
      attempts: (
        await one('select count(*)::int as n from ops_delivery_attempts where workspace_id = $1', [copy])
      ).n,
    });
    const expectStopped = async () => {
      const now = await shown();
      expect(now.heldSince).toEqual(expect.any(String));
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
      expect(now.integrations).toEqual([{ integration_status: 'error', integration_error: stopped }]);
      expect(now.collections).toEqual([{ status: 'failed', error: stopped }]);
      expect(now.collectionResults).toEqual([{ status: 'failed', reason: stopped }]);
      expect(now.crawls).toEqual([{ website_id: 1, status: 'failed', error: stopped }]);
      expect(now.imports).toEqual([{ status: 'failed', error_message: stopped }]);
      expect(now.content).toEqual([{ status: 'draft', scheduled_at: null, published_at: null }]);
      expect(now.succession).toBe('active');
      expect(now.mailboxSyncedAt).toEqual(mailboxSyncedAt);
      expect(now.heartbeats).toBe(0);
      expect(now.attempts).toBe(0);
    };
    await expectStopped();
    expect(await reminders(copy)).toEqual([{ reminder_state: 'held' }]);

    // A restart: a second process's workers recover unfinished work everywhere; then every schedule
    // comes round once (each one's tick, as its cron would run it).
    restarted = await createTestApp({ workers: true, databaseUrl: t.ownerUrl, env: env() });
    const deps = restarted.app.deps;
    expect(await scheduleDueCrawls(deps)).toBe(0);
    expect(await runProbeTick(deps)).toBe(0);
    expect(await checkAllSuccessions(deps)).toBe(0);
    await queueDailySearchConsoleSyncs(deps);
    await restarted.queue.send('email.sync-all', {});
    await startDueCampaigns(deps);
    await sweepAutomation(deps);
    expect(await publishDueContent(deps)).toBe(0);
    // Long enough for the recovered and queued jobs to run (they run within a second when there is work).
    await sleep(4000);
    await expectStopped();
    // A mail is the copy's when it carries a token of one of the copy's messages (every send is one). The
    // source's sends can still land on a loaded machine: one in flight when it was deleted, or its active
    // Welcome workflow's for a contact its mailbox capture added (bob, once in CI), with a fresh token.
    const { rows: copyMessages } = await owner.query<{ token: string }>(
      'select token from marketing_messages where workspace_id = $1',
      [copy],
    );
    expect(copyMessages.length).toBeGreaterThan(0);
    const fromCopy = smtp.received.filter((mail) => {
      const whole = JSON.stringify([mail.headerLines, mail.text, mail.html]);
      return copyMessages.some(({ token }) => whole.includes(token));
    });
    expect(fromCopy.map((mail) => ({ to: mail.to, subject: mail.subject }))).toEqual([]);
    expect(receiver.received).toEqual([]);
    expect([...site.hits.keys()]).toEqual([]);
    expect(google.lastClaims).toBeNull();

    // Its owner starts it: the schedules run again (a probe of its app is the proof).
    const started = await o.client.post('/api/backups/restored-workspace/start');
    expect(started.statusCode, started.body).toBe(204);
    expect((await o.client.get('/api/auth/user')).json().workspace.heldSince).toBeNull();
    const activities = (await o.client.get('/api/activities')).json() as { type: string }[];
    expect(activities.map((a) => a.type)).toContain('restored_workspace_started');
    // Due a second ago: the tick's time is the app's clock in whole milliseconds, PostgreSQL's is finer.
    await owner.query(
      `update ops_monitors set next_probe_at = now() - interval '1 second' where workspace_id = $1`,
      [copy],
    );
    // (The minute's own tick may come first: either probes it.)
    await runProbeTick(deps);
    await eventually(async () => receiver.received.some((r) => r.path === '/app/shop'));
  }, 90_000);
});
