import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../../../test/local-smtp-server.js';
import { addPageViews, type FixtureSite, startFixtureSite } from '../../../../test/site-health-fixture.js';
import {
  type ApiClient,
  addMember,
  createTestApp,
  type SignedUp,
  signUpOwner,
  type TestApp,
} from '../../../../test/test-app.js';
import { startDueCampaigns } from '../marketing/jobs.js';

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
let smtp: LocalSmtpServer;
let site: FixtureSite;
let t: TestApp;
let owner: SignedUp;
let websiteId: number;

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
  site = await startFixtureSite();
  t = await createTestApp({
    workers: true,
    clock,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://hub.test' },
  });
  owner = await signUpOwner(t.app);
  const website = await owner.client.post('/api/websites', {
    name: 'Fixture',
    domain: 'fixture.example.com',
  });
  expect(website.statusCode).toBe(201);
  websiteId = website.json().id;
  const settings = await owner.client.patch(`/api/site-health/websites/${websiteId}/settings`, {
    startUrl: `${site.url}/`,
  });
  expect(settings.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await site?.close();
  await smtp?.close();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function crawlToEnd(client: ApiClient) {
  const started = await client.post(`/api/site-health/websites/${websiteId}/crawls`);
  expect(started.statusCode).toBe(202);
  const id = started.json().id;
  const done = await until(
    async () => (await client.get(`/api/site-health/websites/${websiteId}/crawls/latest`)).json(),
    (c) => c.id === id && (c.status === 'done' || c.status === 'failed'),
  );
  expect(done.status).toBe('done');
  // The findings' tasks are made in the transaction that finishes the crawl.
}

const addViews = (path: string, views: number, daysAgo: number, contactId?: number) =>
  addPageViews(
    t.database,
    { workspaceId: owner.workspaceId, websiteId },
    { path, views, daysAgo, contactId },
  );

interface Finding {
  url: string;
  score: number;
  pageViews: number;
  formConversions: number;
  sources: { url: string; anchors: string[]; pageViews: number }[];
  campaigns: { id: number; name: string }[];
  contacts: { id: number; name: string }[];
  deals: { id: number; name: string }[];
  snippet: string | null;
  task: { id: number; status: string } | null;
}

const findings = async (client: ApiClient = owner.client): Promise<Finding[]> => {
  const res = await client.get(`/api/site-health/findings?websiteId=${websiteId}`);
  expect(res.statusCode).toBe(200);
  return res.json().findings;
};

const tasksOf = async () =>
  (
    (await owner.client.get('/api/tasks?owner=all&status=all&limit=100')).json().tasks as {
      id: number;
      title: string;
      description: string;
      status: string;
      causeKey: string | null;
      dealId: number | null;
    }[]
  ).filter((task) => task.causeKey?.startsWith('site-finding:'));

const mailsTo = (email: string) =>
  smtp.received.filter((m) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((a) => a.value.some((v) => v.address === email)),
  );

describe('site health tied to revenue (issue 33 §2)', () => {
  it('orders three broken links by impact, makes one task each, holds the campaign linking to one, and closes all after the fix', async () => {
    const email = `dana.${Date.now()}@example.com`;
    const contact = (
      await owner.client.post('/api/contacts', {
        firstName: 'Dana',
        lastName: 'Visitor',
        email,
        tags: ['news'],
      })
    ).json();
    const deal = (
      await owner.client.post('/api/deals', {
        name: 'Dana renewal',
        valueCents: 90_000,
        contactId: contact.id,
        stage: 'proposal',
      })
    ).json();
    await addViews('/pricing', 500, 2);
    await addViews('/blog', 50, 3);
    await addViews('/contact', 4, 1);
    await addViews('/contact', 1, 1, contact.id);
    // Outside the 30-day window: not counted.
    await addViews('/contact', 1000, 40);
    // Two submissions of a form on /blog in the window (query and fragment aside), one before it.
    await t.database.withWorkspace(owner.workspaceId, async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(
        sql`insert into forms (name, locale, fields, texts) values ('Story', 'en', '[]', '{}') returning id`,
      );
      const formId = rows[0].id;
      for (const [page, daysAgo] of [
        [`${site.url}/blog?utm_source=x`, 3],
        [`${site.url}/blog#signup`, 2],
        [`${site.url}/blog`, 40],
      ] as const)
        await tx.execute(sql`insert into form_submissions (form_id, answers, website_id, page_url, submitted_at)
          values (${formId}, '[]', ${websiteId}, ${page}, now() - make_interval(days => ${daysAgo}))`);
    });

    const campaign = (
      await owner.client.post('/api/campaigns', {
        name: 'Our story',
        subject: 'Read our story',
        body: `<p>Hello {{firstName}}, <a href="${site.url}/missing-post">read our story</a>.</p>`,
        audience: { tag: 'news' },
        scheduledAt: new Date(clock().getTime() + 3_600_000).toISOString(),
      })
    ).json();
    expect((await owner.client.post(`/api/campaigns/${campaign.id}/send`)).json().status).toBe('scheduled');

    await crawlToEnd(owner.client);
    const found = await findings();
    expect(found.map((f) => f.url)).toEqual([
      `${site.url}/old-pricing`,
      `${site.url}/missing-post`,
      `${site.url}/gone-form`,
    ]);
    const [pricing, story, form] = found;
    expect(pricing).toMatchObject({ pageViews: 500, score: 501, campaigns: [], contacts: [] });
    expect(pricing.sources).toEqual([
      expect.objectContaining({
        url: `${site.url}/pricing`,
        anchors: ['Last year’s prices'],
        pageViews: 500,
      }),
    ]);
    expect(story).toMatchObject({
      pageViews: 50,
      formConversions: 2,
      score: 191,
      campaigns: [{ id: campaign.id, name: 'Our story' }],
    });
    expect(form).toMatchObject({
      pageViews: 5,
      score: 66,
      contacts: [{ id: contact.id, name: 'Dana Visitor' }],
      deals: [{ id: deal.id, name: 'Dana renewal' }],
    });

    // One task per finding, made in impact order, the proposed fix in its description.
    const tasks = await tasksOf();
    expect(tasks).toHaveLength(3);
    const taskIds = found.map((f) => f.task?.id);
    expect(taskIds).toEqual([...taskIds].sort((a, b) => (a ?? 0) - (b ?? 0)));
    const pricingTask = tasks.find((task) => task.id === pricing.task?.id);
    expect(pricingTask?.title).toBe(`Fix the link to ${site.url}/old-pricing`);
    // /old-pricing is close enough to /pricing to redirect there: the task carries that redirect.
    expect(pricing.snippet).toContain('location = "/old-pricing" { return 301 "/pricing"; }');
    expect(pricingTask?.description).toContain(pricing.snippet?.trim());
    expect(tasks.find((task) => task.id === story.task?.id)?.description).toContain(
      'change the link on the pages above',
    );
    expect(tasks.find((task) => task.id === form.task?.id)?.dealId).toBe(deal.id);

    // A second crawl that still finds them makes no second task.
    await crawlToEnd(owner.client);
    expect((await tasksOf()).map((task) => task.id).sort()).toEqual(tasks.map((task) => task.id).sort());

    // The campaign's time comes: its link answers 404, so it is held with that link named and nothing is sent.
    offsetMs += 2 * 3_600_000;
    await startDueCampaigns(t.app.deps);
    const held = (await owner.client.get(`/api/campaigns/${campaign.id}`)).json();
    expect(held).toMatchObject({
      status: 'held',
      linkFailures: [{ url: `${site.url}/missing-post`, status: 404 }],
      sent: 0,
      offline: 0,
    });
    expect((await owner.client.get(`/api/campaigns/${campaign.id}/messages`)).json()).toEqual([]);
    expect(mailsTo(email)).toHaveLength(0);

    // The site is fixed: the first crawl after closes all three tasks, and the campaign goes out, once.
    site.fix();
    await crawlToEnd(owner.client);
    expect(await findings()).toEqual([]);
    expect((await tasksOf()).map((task) => task.status)).toEqual(['done', 'done', 'done']);
    const sent = await until(
      async () => (await owner.client.get(`/api/campaigns/${campaign.id}`)).json(),
      (c) => c.status === 'sent',
    );
    expect(sent.sent).toBe(1);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('lets only an owner send a held campaign despite its links; admins re-check; other workspaces see nothing', async () => {
    const email = `olly.${Date.now()}@example.com`;
    await owner.client.post('/api/contacts', { firstName: 'Olly', email, tags: ['held'] });
    const created = await owner.client.post('/api/campaigns', {
      name: 'Nowhere',
      subject: 'Nowhere',
      // Not a page the crawl saw: checked live (HEAD) through the guarded client.
      body: `See ${site.url}/nowhere-else and https://example.invalid/offline`,
      audience: { tag: 'held' },
    });
    const id = created.json().id;
    const sentNow = (await owner.client.post(`/api/campaigns/${id}/send`)).json();
    expect(sentNow).toMatchObject({
      status: 'held',
      linkFailures: [{ url: `${site.url}/nowhere-else`, status: 404 }],
    });

    const admin = await addMember(t.app, owner, 'admin');
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await admin.client.post(`/api/campaigns/${id}/override-hold`)).statusCode).toBe(403);
    expect((await viewer.client.post(`/api/campaigns/${id}/check-links`)).statusCode).toBe(403);
    const rechecked = await admin.client.post(`/api/campaigns/${id}/check-links`);
    expect(rechecked.statusCode).toBe(200);
    expect(rechecked.json().status).toBe('held');
    expect((await viewer.client.get(`/api/site-health/findings`)).statusCode).toBe(200);

    const other = await signUpOwner(t.app);
    expect((await other.client.post(`/api/campaigns/${id}/override-hold`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/campaigns/${id}/check-links`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/site-health/findings?websiteId=${websiteId}`)).statusCode).toBe(404);
    expect((await other.client.get('/api/site-health/findings')).json().findings).toEqual([]);
    expect((await owner.client.get('/api/site-health/findings?websiteId=abc')).statusCode).toBe(400);
    expect((await owner.client.post('/api/campaigns/abc/override-hold')).statusCode).toBe(400);
    expect(mailsTo(email)).toHaveLength(0);

    const released = await owner.client.post(`/api/campaigns/${id}/override-hold`);
    expect(released.statusCode).toBe(200);
    expect(released.json().linkOverrideAt).not.toBeNull();
    const sent = await until(
      async () => (await owner.client.get(`/api/campaigns/${id}`)).json(),
      (c) => c.status === 'sent',
    );
    expect(sent.sent).toBe(1);
    expect(mailsTo(email)).toHaveLength(1);
    expect((await owner.client.post(`/api/campaigns/${id}/override-hold`)).statusCode).toBe(409);
  });

  it('holds a workflow email whose link answers 404 until a check finds it mended or an owner sends it anyway', async () => {
    site.statuses.set('/welcome', 404);
    const workflow = await owner.client.post('/api/workflows', {
      name: 'Welcome',
      description: '',
      status: 'active',
      trigger: { type: 'contact_created' },
      steps: [{ type: 'send_email', subject: 'Welcome', body: `Start at ${site.url}/welcome` }],
    });
    expect(workflow.statusCode).toBe(201);
    const mended = `mended.${Date.now()}@example.com`;
    const forced = `forced.${Date.now()}@example.com`;
    for (const email of [mended, forced])
      expect((await owner.client.post('/api/contacts', { firstName: 'Wf', email })).statusCode).toBe(201);
    type Held = { id: number; toEmail: string; linkFailures: { url: string; status: number }[] };
    const held = await until(
      async () => (await owner.client.get('/api/workflow-emails/held')).json() as Held[],
      (list) => list.filter((m) => m.toEmail === mended || m.toEmail === forced).length === 2,
    );
    for (const message of held)
      expect(message.linkFailures).toEqual([{ url: `${site.url}/welcome`, status: 404 }]);
    const byEmail = (email: string) => held.find((m) => m.toEmail === email) as Held;
    expect(mailsTo(mended)).toHaveLength(0);
    expect(mailsTo(forced)).toHaveLength(0);

    const admin = await addMember(t.app, owner, 'admin');
    const other = await signUpOwner(t.app);
    expect(
      (await admin.client.post(`/api/workflow-emails/${byEmail(forced).id}/override-hold`)).statusCode,
    ).toBe(403);
    expect(
      (await other.client.post(`/api/workflow-emails/${byEmail(forced).id}/override-hold`)).statusCode,
    ).toBe(404);
    expect((await other.client.get('/api/workflow-emails/held')).json()).toEqual([]);
    expect((await owner.client.post('/api/workflow-emails/abc/override-hold')).statusCode).toBe(400);
    const forcedRelease = await owner.client.post(`/api/workflow-emails/${byEmail(forced).id}/override-hold`);
    expect(forcedRelease.statusCode).toBe(204);
    await until(
      async () => mailsTo(forced).length,
      (n) => n > 0,
    );

    // Still 404: the check keeps it held. Mended: the next check sends it.
    const still = (await admin.client.post('/api/workflow-emails/held/check-links')).json() as Held[];
    expect(still.map((m) => m.toEmail)).toContain(mended);
    site.statuses.set('/welcome', 200);
    const after = (await admin.client.post('/api/workflow-emails/held/check-links')).json() as Held[];
    expect(after.map((m) => m.toEmail)).not.toContain(mended);
    await until(
      async () => mailsTo(mended).length,
      (n) => n > 0,
    );
    expect(mailsTo(mended)).toHaveLength(1);
    expect(mailsTo(forced)).toHaveLength(1);
  });
});
