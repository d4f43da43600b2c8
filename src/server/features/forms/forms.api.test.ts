import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../../../../e2e/support/browser.js';
import {
  addMember,
  type SignedUp,
  signUpOwner,
  uniqueEmail,
  uniqueIp,
  useTestApp,
} from '../../../../test/test-app.js';
import { embedScript } from './embed-script.js';
import { timeToSubmitFloorMs } from './public-forms.js';

/** A clock the test moves by hand (the time-to-submit floor): the app reads it, nothing sleeps. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const waitOutFloor = () => {
  offsetMs += timeToSubmitFloorMs + 1_000;
};

const t = useTestApp({ clock });

const consentText = 'I agree to be contacted about my request.';
const leadForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Contact us',
  locale: 'en',
  fields: [
    { key: 'first_name', label: 'First name', type: 'text', target: 'firstName' },
    { key: 'email', label: 'Email', type: 'email', required: true, target: 'email' },
    { key: 'phone', label: 'Phone', type: 'tel', target: 'phone' },
    {
      key: 'budget',
      label: 'Budget',
      type: 'select',
      target: 'property',
      property: 'Budget',
      options: ['Small', 'Large'],
    },
    { key: 'message', label: 'Message', type: 'textarea', target: 'none' },
  ],
  consent: { text: consentText, required: true },
  texts: {
    submit: 'Send',
    thankYou: 'Thank you!',
    required: 'This field is required',
    invalid: 'This answer is not valid',
    failed: 'Try again',
  },
  ...overrides,
});

interface Form {
  id: number;
  key: string;
  hostedUrl: string;
  embedSnippet: string;
  figures: {
    views: number;
    submissions: number;
    conversionRate: number | null;
    refused: Record<string, number>;
  };
}

async function createForm(owner: SignedUp, overrides: Record<string, unknown> = {}): Promise<Form> {
  const res = await owner.client.post('/api/forms', leadForm(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const ownOrigin = 'http://localhost';

/** The public read of a form, as a browser on `origin` (none: a same-origin GET) sends it. */
function read(key: string, origin?: string, ip = uniqueIp()) {
  return t.app.inject({
    method: 'GET',
    url: `/api/forms/public/${key}`,
    remoteAddress: ip,
    headers: { host: 'localhost', ...(origin ? { origin } : {}) },
  });
}

/** A submission as the embed posts it: text/plain JSON, no cookie. */
function send(key: string, body: unknown, { origin = ownOrigin, ip = uniqueIp() } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/forms/public/${key}/submissions`,
    remoteAddress: ip,
    headers: { host: 'localhost', origin, 'content-type': 'text/plain' },
    payload: JSON.stringify(body),
  });
}

/** Reads the form, waits out the floor, sends the answers. */
async function fillIn(
  key: string,
  answers: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  origin?: string,
) {
  const form = (await read(key, origin)).json();
  waitOutFloor();
  return send(key, { token: form.token, answers, consent: true, ...extra }, origin ? { origin } : {});
}

async function figures(owner: SignedUp, formId: number): Promise<Form['figures']> {
  return (await owner.client.get(`/api/forms/${formId}`)).json().figures;
}

async function contactCount(owner: SignedUp): Promise<number> {
  return (await owner.client.get('/api/contacts/count')).json().count;
}

const rowsOf = (owner: SignedUp, table: 'form_submissions' | 'contacts') =>
  t.database.withWorkspace(owner.workspaceId, async (tx) => {
    const { rows } = await tx.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
    return rows[0].n;
  });

describe('building forms', () => {
  it('lets owners and admins build, edit and delete forms; members and viewers read and are refused writes', async () => {
    const owner = await signUpOwner(t.app);
    const admin = await addMember(t.app, owner, 'admin');
    const member = await addMember(t.app, owner, 'member');
    const viewer = await addMember(t.app, owner, 'viewer');
    const form = await createForm(owner);
    expect(form.hostedUrl).toBe(`http://localhost/f/${form.key}`);
    expect(form.embedSnippet).toBe(
      `<script async data-form="${form.key}" src="http://localhost/api/forms/embed.js"></script>`,
    );
    expect(form.figures).toEqual({
      views: 0,
      submissions: 0,
      conversionRate: null,
      refused: { honeypot: 0, tooFast: 0, rateLimited: 0, invalid: 0 },
    });

    const renamed = await admin.client.patch(`/api/forms/${form.id}`, { name: 'Talk to us', locale: 'de' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Talk to us', locale: 'de', key: form.key });

    for (const reader of [member, viewer]) {
      expect((await reader.client.get('/api/forms')).json().map((f: Form) => f.id)).toEqual([form.id]);
      expect((await reader.client.get(`/api/forms/${form.id}`)).statusCode).toBe(200);
      expect((await reader.client.post('/api/forms', leadForm())).statusCode).toBe(403);
      expect((await reader.client.patch(`/api/forms/${form.id}`, { name: 'Mine' })).statusCode).toBe(403);
      expect((await reader.client.delete(`/api/forms/${form.id}`)).statusCode).toBe(403);
    }
    expect((await owner.client.get(`/api/forms/${form.id}`)).json().name).toBe('Talk to us');

    expect((await owner.client.delete(`/api/forms/${form.id}`)).statusCode).toBe(204);
    expect((await owner.client.get(`/api/forms/${form.id}`)).statusCode).toBe(404);
    expect((await read(form.key)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/f/${form.key}` })).statusCode).toBe(404);
  });

  it('refuses a form that could not find its contact, or with clashing fields, with a 400 naming the field', async () => {
    const owner = await signUpOwner(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ fields: [{ key: 'message', label: 'Message', type: 'textarea', target: 'none' }] }, 'fields'],
      [
        {
          fields: [
            { key: 'email', label: 'Email', type: 'email', required: true, target: 'email' },
            { key: 'email', label: 'Other', type: 'text', target: 'none' },
          ],
        },
        'fields.1.key',
      ],
      [
        { fields: [{ key: 'email', label: 'Email', type: 'text', required: true, target: 'email' }] },
        'fields.0.type',
      ],
      [{ websiteId: 4242 }, 'websiteId'],
      [{ redirectUrl: 'javascript:alert(1)' }, 'redirectUrl'],
      [{ locale: 'xx' }, 'locale'],
    ];
    for (const [overrides, path] of cases) {
      const res = await owner.client.post('/api/forms', leadForm(overrides));
      expect(res.statusCode, path).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await owner.client.get('/api/forms')).json()).toEqual([]);
  });

  it('serves the hosted page in the form’s language, and an embed script under 2 KB of gzip', async () => {
    const owner = await signUpOwner(t.app);
    const form = await createForm(owner, { name: 'اتصل بنا', locale: 'ar' });
    const page = await t.app.inject({ method: 'GET', url: `/f/${form.key}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('<h1>اتصل بنا</h1>');
    expect(page.body).toContain(`data-form="${form.key}" src="/api/forms/embed.js"`);
    expect((await t.app.inject({ method: 'GET', url: '/f/0123456789abcdef01234567' })).statusCode).toBe(404);

    const script = await embedScript();
    expect(gzipSync(script).length).toBeLessThanOrEqual(2048);
    const served = await t.app.inject({ method: 'GET', url: '/api/forms/embed.js' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/javascript/);
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('a submission', () => {
  it('finds the contact by email in any case, else by phone in E.164, else creates one, through the ingestion port', async () => {
    const owner = await signUpOwner(t.app);
    const form = await createForm(owner);
    const ada = (
      await owner.client.post('/api/contacts', { firstName: 'Ada', email: 'ada@example.com' })
    ).json();
    const phoned = (
      await owner.client.post('/api/contacts', { firstName: 'Pho', phone: '+1 512 555 0100' })
    ).json();
    const before = await contactCount(owner);

    const byEmail = await fillIn(form.key, {
      email: 'ADA@Example.COM',
      budget: 'Large',
      message: 'Call me\nafter five',
    });
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json()).toEqual({ ok: true, redirectUrl: null });
    const adaNow = (await owner.client.get(`/api/contacts/${ada.id}`)).json();
    expect(adaNow.contact.properties).toEqual({ Budget: 'Large' });
    const entry = adaNow.timeline.find((e: { kind: string }) => e.kind === 'form');
    expect(entry.title).toBe('Form “Contact us” submitted');
    expect(entry.body).toBe(
      `Email: ADA@Example.COM\nBudget: Large\nMessage: Call me\nafter five\n☑ ${consentText}`,
    );
    expect(entry.metadata.consent).toEqual({ text: consentText, given: true });

    const newEmail = uniqueEmail('pho');
    const byPhone = await fillIn(form.key, { email: newEmail, phone: '(512) 555-0100' });
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    const phonedNow = (await owner.client.get(`/api/contacts/${phoned.id}`)).json().contact;
    expect(phonedNow).toMatchObject({ phone: '+15125550100', email: newEmail });
    expect(await contactCount(owner)).toBe(before);

    const fresh = uniqueEmail('new');
    expect((await fillIn(form.key, { first_name: 'Nia', email: fresh })).statusCode).toBe(200);
    expect(await contactCount(owner)).toBe(before + 1);
    const [created] = (await owner.client.get(`/api/contacts?q=${encodeURIComponent(fresh)}`)).json();
    expect(created).toMatchObject({ firstName: 'Nia', email: fresh, source: 'Unknown' });
    const titles = (await owner.client.get(`/api/contacts/${created.id}`))
      .json()
      .timeline.map((e: { title: string }) => e.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Contact created from a form', 'Form “Contact us” submitted']),
    );

    const submissions = (await owner.client.get(`/api/forms/${form.id}/submissions`)).json();
    expect(submissions).toHaveLength(3);
    expect(submissions[2]).toMatchObject({
      contactId: ada.id,
      contactName: 'Ada',
      consent: { text: consentText, given: true },
      answers: [
        { key: 'email', label: 'Email', value: 'ADA@Example.COM' },
        { key: 'budget', label: 'Budget', value: 'Large' },
        { key: 'message', label: 'Message', value: 'Call me\nafter five' },
      ],
    });
    expect(await figures(owner, form.id)).toMatchObject({ views: 3, submissions: 3, conversionRate: 100 });
  });

  it('starts the workflows waiting for this form or for any form, once per submission', async () => {
    const owner = await signUpOwner(t.app);
    const form = await createForm(owner);
    const other = await createForm(owner, { name: 'Newsletter' });
    const workflow = async (name: string, trigger: Record<string, unknown>) =>
      (
        await owner.client.post('/api/workflows', {
          name,
          status: 'active',
          trigger,
          steps: [{ type: 'add_tag', tag: 'form-lead' }],
        })
      ).json().id as number;
    const forThis = await workflow('Welcome form leads', { type: 'form_submitted', formId: form.id });
    const forAny = await workflow('Any form', { type: 'form_submitted' });
    const forOther = await workflow('Newsletter only', { type: 'form_submitted', formId: other.id });
    const runs = async (id: number) => (await owner.client.get(`/api/workflows/${id}/runs`)).json();

    const email = uniqueEmail('lead');
    expect((await fillIn(form.key, { email })).statusCode).toBe(200);
    expect((await fillIn(form.key, { email })).statusCode).toBe(200);
    const [contact] = (await owner.client.get(`/api/contacts?q=${encodeURIComponent(email)}`)).json();
    expect((await runs(forThis)).map((r: { contactId: number }) => r.contactId)).toEqual([
      contact.id,
      contact.id,
    ]);
    expect(await runs(forAny)).toHaveLength(2);
    expect(await runs(forOther)).toEqual([]);
    // The submissions' lines, written together at each commit: every one once, none lost.
    const titles: string[] = (await owner.client.get(`/api/contacts/${contact.id}`))
      .json()
      .timeline.map((e: { title: string }) => e.title);
    const count = (title: string) => titles.filter((x) => x === title).length;
    expect(count('Contact created from a form')).toBe(1);
    expect(count('Form “Contact us” submitted')).toBe(2);
    expect(count('Workflow “Welcome form leads” started')).toBe(2);
    expect(count('Workflow “Any form” started')).toBe(2);

    const invalidTrigger = await owner.client.post('/api/workflows', {
      name: 'Bad',
      trigger: { type: 'form_submitted', formId: 'x' },
      steps: [{ type: 'add_tag', tag: 'x' }],
    });
    expect(invalidTrigger.statusCode).toBe(400);
    expect(invalidTrigger.json().issues[0].path).toBe('trigger.formId');
  });

  it('gets a 400 naming the field for bad answers, changes nothing but the count of refused submissions', async () => {
    const owner = await signUpOwner(t.app);
    const form = await createForm(owner);
    const email = uniqueEmail('bad');
    const cases: [Record<string, unknown>, string, Record<string, unknown>?][] = [
      [{ first_name: 'No email' }, 'answers.email'],
      [{ email: 'not-an-email' }, 'answers.email'],
      [{ email, phone: 'call me' }, 'answers.phone'],
      [{ email, budget: 'Huge' }, 'answers.budget'],
      [{ email, nope: 'x' }, 'answers.nope'],
      [{ email, first_name: 'x'.repeat(81) }, 'answers.first_name'],
      [{ email }, 'consent', { consent: false }],
      [{ email }, 'token', { token: '1.forged' }],
    ];
    const contacts = await rowsOf(owner, 'contacts');
    for (const [answers, path, extra] of cases) {
      const res = await fillIn(form.key, answers, extra);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().issues).toEqual([{ path, message: expect.any(String) }]);
    }
    expect(await rowsOf(owner, 'contacts')).toBe(contacts);
    expect(await rowsOf(owner, 'form_submissions')).toBe(0);
    expect((await figures(owner, form.id)).refused).toEqual({
      honeypot: 0,
      tooFast: 0,
      rateLimited: 0,
      invalid: cases.length,
    });
  });

  it('refuses spam — a filled honeypot, a submission faster than the floor, too many from one address — counting each and storing none', async () => {
    const owner = await signUpOwner(t.app);
    const form = await createForm(owner);
    const contacts = await rowsOf(owner, 'contacts');

    // The honeypot is answered as a success, so a bot learns nothing.
    const trapped = await fillIn(
      form.key,
      { email: uniqueEmail('bot') },
      { hp: 'https://cheap-pills.example' },
    );
    expect(trapped.statusCode).toBe(200);
    expect(trapped.json()).toEqual({ ok: true, redirectUrl: null });

    const rendered = (await read(form.key)).json();
    const fast = await send(form.key, {
      token: rendered.token,
      answers: { email: uniqueEmail('fast') },
      consent: true,
    });
    expect(fast.statusCode).toBe(400);
    expect(fast.json().issues[0].path).toBe('token');
    // The same token once the floor has passed: a person who took their time.
    waitOutFloor();
    const human = await send(form.key, {
      token: rendered.token,
      answers: { email: uniqueEmail('human') },
      consent: true,
    });
    expect(human.statusCode).toBe(200);

    const flooder = uniqueIp();
    // Malformed bodies are refused by the schema (not counted as answers) but count against the address.
    for (let i = 0; i < 10; i++) expect((await send(form.key, {}, { ip: flooder })).statusCode).toBe(400);
    const limited = await send(
      form.key,
      { token: rendered.token, answers: { email: uniqueEmail('flood') } },
      { ip: flooder },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().messageId).toBe('forms.rateLimited');
    // A refusal of the rate limit is counted after the answer: read until it is in.
    await expect.poll(async () => (await figures(owner, form.id)).refused.rateLimited).toBe(1);

    expect(await rowsOf(owner, 'contacts')).toBe(contacts + 1);
    expect(await rowsOf(owner, 'form_submissions')).toBe(1);
    expect(await figures(owner, form.id)).toEqual({
      views: 2,
      submissions: 1,
      conversionRate: 50,
      refused: { honeypot: 1, tooFast: 1, rateLimited: 1, invalid: 0 },
    });
    const report = (await owner.client.get('/api/forms/report?range=7days')).json();
    expect(report.totals).toEqual(await figures(owner, form.id));
    expect(report.forms).toEqual([{ id: form.id, name: 'Contact us', figures: report.totals }]);
  });
});

describe('origins and workspaces', () => {
  it('answers CORS to the workspace’s websites only, and attributes the contact to the site it came from', async () => {
    const owner = await signUpOwner(t.app);
    const site = (
      await owner.client.post('/api/websites', { name: 'Shop A', domain: 'shop-a.example' })
    ).json();
    const form = await createForm(owner);
    for (const origin of ['https://shop-a.example', 'http://www.shop-a.example:8080']) {
      const res = await read(form.key, origin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    }
    expect((await read(form.key)).headers['access-control-allow-origin']).toBeUndefined();
    const foreign = await read(form.key, 'https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

    const email = uniqueEmail('shopper');
    const res = await fillIn(
      form.key,
      { email },
      { page: 'https://shop-a.example/contact' },
      'https://shop-a.example',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://shop-a.example');
    const [contact] = (await owner.client.get(`/api/contacts?q=${encodeURIComponent(email)}`)).json();
    expect(contact.source).toBe('Shop A');
    const [submission] = (await owner.client.get(`/api/forms/${form.id}/submissions`)).json();
    expect(submission.page).toBe('https://shop-a.example/contact');
    const stored = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute<{ website_id: number }>(sql`select website_id from form_submissions`),
    );
    expect(stored.rows).toEqual([{ website_id: site.id }]);

    const before = await rowsOf(owner, 'form_submissions');
    const rendered = (await read(form.key)).json();
    waitOutFloor();
    const body = { token: rendered.token, answers: { email: uniqueEmail('evil') }, consent: true };
    for (const origin of ['https://evil.example', 'null']) {
      const refused = await send(form.key, body, { origin });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
    const withoutOrigin = await t.app.inject({
      method: 'POST',
      url: `/api/forms/public/${form.key}/submissions`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(withoutOrigin.statusCode).toBe(403);
    expect(await rowsOf(owner, 'form_submissions')).toBe(before);
  });

  it('keeps a workspace’s forms and their answers to itself', async () => {
    const a = await signUpOwner(t.app);
    const b = await signUpOwner(t.app);
    await b.client.post('/api/websites', { name: 'B site', domain: 'b-site.example' });
    const form = await createForm(a);
    expect((await b.client.get(`/api/forms/${form.id}`)).statusCode).toBe(404);
    expect((await b.client.patch(`/api/forms/${form.id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await b.client.delete(`/api/forms/${form.id}`)).statusCode).toBe(404);
    expect((await b.client.get(`/api/forms/${form.id}/submissions`)).statusCode).toBe(404);
    expect((await b.client.get('/api/forms')).json()).toEqual([]);
    expect((await a.client.get(`/api/forms/${form.id}`)).json().name).toBe('Contact us');

    // B's website is not A's: a form of A's is neither read nor sent from there.
    expect((await read(form.key, 'https://b-site.example')).statusCode).toBe(403);
    const bContacts = await rowsOf(b, 'contacts');
    const email = uniqueEmail('a-lead');
    expect((await fillIn(form.key, { email })).statusCode).toBe(200);
    expect(await rowsOf(a, 'form_submissions')).toBe(1);
    expect((await a.client.get(`/api/contacts?q=${encodeURIComponent(email)}`)).json()).toHaveLength(1);
    expect(await rowsOf(b, 'contacts')).toBe(bContacts);
    expect(await rowsOf(b, 'form_submissions')).toBe(0);
    expect((await b.client.get(`/api/contacts?q=${encodeURIComponent(email)}`)).json()).toEqual([]);
  });
});

describe('the embed on a website, in Chromium', () => {
  let owner: SignedUp;
  beforeAll(async () => {
    owner = await signUpOwner(t.app);
  });

  it('draws the form on the site, checks required answers, sends from the site’s origin and thanks the visitor', async () => {
    await owner.client.post('/api/websites', { name: 'Garden shop', domain: 'garden.example' });
    const form = await createForm(owner, { name: 'Ask the gardener' });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const siteServer = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(`<!doctype html><html lang="en"><head><title>Garden</title></head><body><main>
        <h1>Questions?</h1>
        <script async data-form="${form.key}" src="${address}/api/forms/embed.js"></script>
        </main></body></html>`);
    });
    await new Promise<void>((resolve) => siteServer.listen(0, '127.0.0.1', resolve));
    const sitePort = (siteServer.address() as AddressInfo).port;
    const browser = await openBrowser(['--host-resolver-rules=MAP garden.example 127.0.0.1']);
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`http://garden.example:${sitePort}/tips`);
      await page.getByLabel('Email').waitFor();
      await page.getByRole('button', { name: 'Send' }).click();
      // Checked in the page first: nothing was sent.
      expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
      await page.getByText('This field is required').first().waitFor();

      await page.getByLabel('First name').fill('Rosa');
      await page.getByLabel('Email').fill('rosa@garden.example');
      await page.getByLabel('Budget').selectOption('Small');
      await page.getByLabel(consentText).check();
      waitOutFloor();
      const sent = page.waitForResponse((r) => r.url().endsWith('/submissions'));
      await page.getByRole('button', { name: 'Send' }).click();
      const answer = await sent;
      expect(answer.status()).toBe(200);
      expect(answer.headers()['access-control-allow-origin']).toBe(`http://garden.example:${sitePort}`);
      await page.getByRole('status').filter({ hasText: 'Thank you!' }).waitFor();
    } finally {
      await browser.close();
      siteServer.close();
    }
    const [contact] = (await owner.client.get('/api/contacts?q=rosa%40garden.example')).json();
    expect(contact).toMatchObject({
      firstName: 'Rosa',
      source: 'Garden shop',
      properties: { Budget: 'Small' },
    });
    const [submission] = (await owner.client.get(`/api/forms/${form.id}/submissions`)).json();
    expect(submission.page).toBe(`http://garden.example:${sitePort}/tips`);
  });
});
