import { randomInt } from 'node:crypto';
import { visitorLinkNotice } from '@domain/forms/visitor-link-notice';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  addMember,
  apiKeyClient,
  type SignedUp,
  signUpOwner,
  uniqueEmail,
  uniqueIp,
  useTestApp,
} from '../../../../test/test-app.js';
import { timeToSubmitFloorMs } from '../forms/public-forms.js';
import { queueMessage } from '../marketing/index.js';
import { signLink } from '../marketing/outbox.js';
import { ensurePartition } from './store.js';
import { signLinkToken } from './visitors.js';

/** A clock the test moves by hand past the forms' time-to-submit floor; nothing sleeps. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const t = useTestApp({ clock });

const consentText = 'I agree to be contacted about my request.';
const linkedConsent = `${consentText} ${visitorLinkNotice.en}`;

interface Browser {
  ip: string;
  userAgent: string;
}
const newBrowser = (): Browser => ({
  ip: uniqueIp(),
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) Chrome/147.0.${randomInt(10_000)}.0 Safari/537.36`,
});

interface Site {
  id: number;
  domain: string;
  key: string;
}

async function addSite(owner: SignedUp, domain: string): Promise<Site> {
  const site = (await owner.client.post('/api/websites', { name: `Site ${domain}`, domain })).json();
  const { trackingKey } = (await owner.client.get(`/api/analytics/sites/${site.id}/snippet`)).json();
  return { id: site.id, domain, key: trackingKey };
}

/** A page view as the tracker on the site posts it from the visitor's browser. */
async function view(site: Site, path: string, who: Browser, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/analytics/event',
    remoteAddress: who.ip,
    headers: { 'content-type': 'text/plain', 'user-agent': who.userAgent, origin: `https://${site.domain}` },
    payload: JSON.stringify({
      s: site.key,
      u: `https://${site.domain}${path}`,
      ...(token ? { c: token } : {}),
    }),
  });
  expect(res.statusCode, res.body).toBe(202);
}

async function createForm(owner: SignedUp) {
  const res = await owner.client.post('/api/forms', {
    name: 'Contact us',
    locale: 'en',
    fields: [{ key: 'email', label: 'Email', type: 'email', required: true, target: 'email' }],
    consent: { text: consentText, required: true },
    texts: { submit: 'Send', thankYou: 'Thanks', required: 'Required', invalid: 'Invalid', failed: 'Failed' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; key: string };
}

/** The embed on the site: reads the form and, past the floor, sends it from the visitor's browser. */
async function submitForm(site: Site, formKey: string, who: Browser, email: string) {
  const headers = { host: 'localhost', origin: `https://${site.domain}`, 'user-agent': who.userAgent };
  const read = await t.app.inject({
    method: 'GET',
    url: `/api/forms/public/${formKey}`,
    remoteAddress: who.ip,
    headers,
  });
  expect(read.statusCode, read.body).toBe(200);
  offsetMs += timeToSubmitFloorMs + 1_000;
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/forms/public/${formKey}/submissions`,
    remoteAddress: who.ip,
    headers: { ...headers, 'content-type': 'text/plain' },
    payload: JSON.stringify({ token: read.json().token, answers: { email }, consent: true }),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return { shownConsent: read.json().consent.text as string };
}

async function contactIdOf(owner: SignedUp, email: string): Promise<number> {
  const [contact] = (await owner.client.get(`/api/contacts?q=${encodeURIComponent(email)}`)).json();
  return contact.id;
}

async function pageViews(owner: SignedUp, contactId: number) {
  const res = await owner.client.get(`/api/analytics/contacts/${contactId}/page-views`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().pageViews as { path: string; beforeIdentification: boolean }[]).map((v) => [
    v.path,
    v.beforeIdentification ? 'before identification' : 'as the contact',
  ]);
}

/** The daily hash the ingest gave the browser's views on the site today (read back from its event). */
async function visitorIdOf(owner: SignedUp, site: Site, path: string): Promise<number> {
  return t.database.withWorkspace(owner.workspaceId, async (tx) => {
    const { rows } = await tx.execute<{ visitor_id: string }>(
      sql`select visitor_id from analytics_events where website_id = ${site.id} and path = ${path}`,
    );
    return Number(rows[0].visitor_id);
  });
}

/** A view written as the ingest would have written it at `at` (another day, another salt's hash). */
async function insertView(owner: SignedUp, site: Site, path: string, visitorId: number, at: Date) {
  await ensurePartition(t.database.db, `${at.toISOString().slice(0, 7)}-01`);
  await t.database.withWorkspace(owner.workspaceId, (tx) =>
    tx.execute(sql`insert into analytics_events (website_id, occurred_at, visitor_id, name, path, device)
      values (${site.id}, ${at.toISOString()}::timestamptz, ${visitorId}, 'pageview', ${path}, 'desktop')`),
  );
}

async function queueCampaignMessage(owner: SignedUp, contactId: number, email: string): Promise<string> {
  return t.database.withWorkspace(owner.workspaceId, async (tx) => {
    const id = await queueMessage(tx, {
      key: `visitor-link-${contactId}`,
      contactId,
      toEmail: email,
      subject: 'Our offer',
      body: 'See it at https://shop.example/offer',
    });
    const { rows } = await tx.execute<{ token: string }>(
      sql`select token from marketing_messages where id = ${id}`,
    );
    return rows[0].token;
  });
}

/** Follows a campaign email's tracked link to `url`, as the recipient's click does; answers the Location. */
async function click(messageToken: string, url: string): Promise<string> {
  const signature = signLink(t.config.secretKey, messageToken, url);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/m/c/${messageToken}?u=${encodeURIComponent(url)}&s=${signature}`,
  });
  expect(res.statusCode, res.body).toBe(302);
  return String(res.headers.location);
}

const identities = (owner: SignedUp) =>
  t.database.withWorkspace(owner.workspaceId, async (tx) => {
    const { rows } = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from analytics_visitor_contacts`,
    );
    return rows[0].n;
  });

describe('visitors become contacts, cookie-less (issue 32 §2)', () => {
  it('links, on a form sent from the site, that day’s earlier views of its visitor, in order, before identification', async () => {
    const owner = await signUpOwner(t.app);
    expect((await owner.client.get('/api/analytics/settings')).json()).toEqual({ linkVisitors: true });
    const site = await addSite(owner, 'shop.example');
    const form = await createForm(owner);
    const visitor = newBrowser();
    await view(site, '/pricing', visitor);
    await view(site, '/features', visitor);
    await view(site, '/blog', newBrowser());
    const hash = await visitorIdOf(owner, site, '/pricing');
    // Yesterday's view under today's very hash: the day alone keeps it out. Another salt: another hash.
    await insertView(owner, site, '/yesterday', hash, new Date(Date.now() - 86_400_000));
    await insertView(owner, site, '/other-salt', hash + 1, new Date());

    const email = uniqueEmail('visitor');
    const { shownConsent } = await submitForm(site, form.key, visitor, email);
    expect(shownConsent).toBe(linkedConsent);
    const contactId = await contactIdOf(owner, email);
    expect(await pageViews(owner, contactId)).toEqual([
      ['/features', 'before identification'],
      ['/pricing', 'before identification'],
    ]);

    await view(site, '/thanks', visitor);
    expect(await pageViews(owner, contactId)).toEqual([
      ['/thanks', 'as the contact'],
      ['/features', 'before identification'],
      ['/pricing', 'before identification'],
    ]);
    // What the visitor read is what the submission keeps.
    const [submission] = (await owner.client.get(`/api/forms/${form.id}/submissions`)).json();
    expect(submission.consent).toEqual({ text: linkedConsent, given: true });

    // Another workspace does not see the contact, nor its views.
    const other = await signUpOwner(t.app);
    expect((await other.client.get(`/api/analytics/contacts/${contactId}/page-views`)).statusCode).toBe(404);
  });

  it('identifies the reader of a campaign email on the site through a signed, expiring token in the link', async () => {
    const owner = await signUpOwner(t.app);
    const site = await addSite(owner, 'shop.example');
    const email = uniqueEmail('reader');
    const contact = (await owner.client.post('/api/contacts', { firstName: 'Rea', email })).json();
    const messageToken = await queueCampaignMessage(owner, contact.id, email);
    const reader = newBrowser();
    await view(site, '/news', reader);

    const landing = await click(messageToken, 'https://shop.example/offer?utm_source=mail&ref=a+b#plans');
    const match = /^https:\/\/shop\.example\/offer\?utm_source=mail&ref=a\+b&hub_ct=([\w-]{70})#plans$/.exec(
      landing,
    );
    expect(match, landing).not.toBeNull();
    const token = match?.[1] ?? '';
    // The link names no contact in the clear: the token is encrypted, then signed.
    const idBytes = Buffer.alloc(8);
    idBytes.writeBigUInt64BE(BigInt(contact.id));
    expect(Buffer.from(token, 'base64url').includes(idBytes)).toBe(false);
    // A page elsewhere is linked as it was.
    expect(await click(messageToken, 'https://elsewhere.example/page?x=1')).toBe(
      'https://elsewhere.example/page?x=1',
    );

    await view(site, '/offer?utm_source=mail', reader, token);
    expect(await pageViews(owner, contact.id)).toEqual([
      ['/offer', 'as the contact'],
      ['/news', 'before identification'],
    ]);
  });

  it('ignores a bad, altered, expired or foreign token: the view is recorded, nobody is identified', async () => {
    const owner = await signUpOwner(t.app);
    const other = await signUpOwner(t.app);
    const site = await addSite(owner, 'tokens.example');
    const contact = (await owner.client.post('/api/contacts', { email: uniqueEmail('tok') })).json();
    const secret = t.config.secretKey;
    const valid = signLinkToken(secret, {
      workspaceId: owner.workspaceId,
      contactId: contact.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const altered = `${valid.slice(0, 30)}${valid[30] === 'A' ? 'B' : 'A'}${valid.slice(31)}`;
    const tokens = [
      'not-a-token',
      altered,
      signLinkToken(secret, {
        workspaceId: owner.workspaceId,
        contactId: contact.id,
        expiresAt: new Date(Date.now() - 1_000),
      }),
      signLinkToken('another server’s secret', {
        workspaceId: owner.workspaceId,
        contactId: contact.id,
        expiresAt: new Date(Date.now() + 60_000),
      }),
      signLinkToken(secret, {
        workspaceId: other.workspaceId,
        contactId: contact.id,
        expiresAt: new Date(Date.now() + 60_000),
      }),
    ];
    for (const [i, token] of tokens.entries()) await view(site, `/bad-${i}`, newBrowser(), token);
    expect(await pageViews(owner, contact.id)).toEqual([]);
    expect(await identities(owner)).toBe(0);

    await view(site, '/good', newBrowser(), valid);
    expect(await pageViews(owner, contact.id)).toEqual([['/good', 'as the contact']]);
  });

  it('links nothing when the workspace turns it off, and says nothing of it on its forms', async () => {
    const owner = await signUpOwner(t.app);
    const admin = await addMember(t.app, owner, 'admin');
    const member = await addMember(t.app, owner, 'member');
    const site = await addSite(owner, 'quiet.example');
    const form = await createForm(owner);

    expect((await member.client.patch('/api/analytics/settings', { linkVisitors: false })).statusCode).toBe(
      403,
    );
    const bad = await admin.client.patch('/api/analytics/settings', { linkVisitors: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toContain('linkVisitors');
    const off = await admin.client.patch('/api/analytics/settings', { linkVisitors: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ linkVisitors: false });
    expect((await member.client.get('/api/analytics/settings')).json()).toEqual({ linkVisitors: false });

    const visitor = newBrowser();
    await view(site, '/pricing', visitor);
    const email = uniqueEmail('quiet');
    const { shownConsent } = await submitForm(site, form.key, visitor, email);
    expect(shownConsent).toBe(consentText);
    const contactId = await contactIdOf(owner, email);
    await view(site, '/after', visitor);

    const messageToken = await queueCampaignMessage(owner, contactId, email);
    expect(await click(messageToken, 'https://quiet.example/offer')).toBe('https://quiet.example/offer');
    const token = signLinkToken(t.config.secretKey, {
      workspaceId: owner.workspaceId,
      contactId,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await view(site, '/offer', newBrowser(), token);
    expect(await pageViews(owner, contactId)).toEqual([]);
    expect(await identities(owner)).toBe(0);
    const [submission] = (await owner.client.get(`/api/forms/${form.id}/submissions`)).json();
    expect(submission.consent).toEqual({ text: consentText, given: true });

    // Back on: the next visitor is linked again.
    expect((await owner.client.patch('/api/analytics/settings', { linkVisitors: true })).statusCode).toBe(
      200,
    );
    await view(site, '/offer', newBrowser(), token);
    expect(await pageViews(owner, contactId)).toEqual([['/offer', 'as the contact']]);
  });
});

describe('a checkout on the workspace’s own server identifies its buyer (POST /api/analytics/identify)', () => {
  /** What the checkout's server sends: the buyer as its own request showed them. */
  const checkoutBody = (site: Site, who: Browser, email: string, extra: Record<string, unknown> = {}) => ({
    websiteId: site.id,
    visitor: { ip: who.ip, userAgent: who.userAgent },
    email,
    source: 'checkout',
    ...extra,
  });

  const contactCount = (owner: SignedUp) =>
    t.database.withWorkspace(owner.workspaceId, async (tx) => {
      const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from contacts`);
      return rows[0].n;
    });

  it('creates the buyer through the ingestion port and attaches that day’s views, never another day’s', async () => {
    const owner = await signUpOwner(t.app);
    const key = await apiKeyClient(t.app, owner, 'member', 'Shop checkout');
    const site = await addSite(owner, 'checkout.example');
    const buyer = newBrowser();
    await view(site, '/cart', buyer);
    await view(site, '/checkout', buyer);
    await view(site, '/cart', newBrowser());
    const hash = await visitorIdOf(owner, site, '/checkout');
    await insertView(owner, site, '/last-week', hash, new Date(Date.now() - 7 * 86_400_000));

    const email = uniqueEmail('buyer');
    const res = await key.client.post(
      '/api/analytics/identify',
      checkoutBody(site, buyer, email.toUpperCase(), { name: 'Bea Van Buyer', phone: '+1 512 555 0142' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ created: true, linked: true });
    const { contact } = (await owner.client.get(`/api/contacts/${answer.contactId}`)).json();
    expect(contact).toMatchObject({
      email,
      firstName: 'Bea',
      lastName: 'Van Buyer',
      phone: '+15125550142',
      source: 'Site checkout.example',
    });
    expect(await pageViews(owner, answer.contactId)).toEqual([
      ['/checkout', 'before identification'],
      ['/cart', 'before identification'],
    ]);

    // The next purchase by the same person finds the same contact, and fills nothing it already has.
    const again = await key.client.post('/api/analytics/identify', checkoutBody(site, buyer, email));
    expect(again.json()).toEqual({ contactId: answer.contactId, created: false, linked: true });
    await view(site, '/thank-you', buyer);
    expect((await pageViews(owner, answer.contactId))[0]).toEqual(['/thank-you', 'as the contact']);
  });

  it('records the buyer but attaches nothing while the workspace has linking switched off', async () => {
    const owner = await signUpOwner(t.app);
    const key = await apiKeyClient(t.app, owner, 'admin');
    const site = await addSite(owner, 'quiet-shop.example');
    expect((await owner.client.patch('/api/analytics/settings', { linkVisitors: false })).statusCode).toBe(
      200,
    );
    const buyer = newBrowser();
    await view(site, '/cart', buyer);
    const res = await key.client.post('/api/analytics/identify', checkoutBody(site, buyer, uniqueEmail('q')));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: true, linked: false });
    expect(await pageViews(owner, res.json().contactId)).toEqual([]);
    expect(await identities(owner)).toBe(0);
  });

  it('answers bad input with a 400 naming the field, and changes nothing', async () => {
    const owner = await signUpOwner(t.app);
    const key = await apiKeyClient(t.app, owner, 'member');
    const site = await addSite(owner, 'strict-shop.example');
    const other = await signUpOwner(t.app);
    // Ids are numbered per workspace: the other's second website has an id this workspace does not.
    await addSite(other, 'first.example');
    const otherSite = await addSite(other, 'strict-shop.example');
    expect(otherSite.id).not.toBe(site.id);
    const buyer = newBrowser();
    await view(site, '/cart', buyer);
    const good = checkoutBody(site, buyer, uniqueEmail('strict'));
    const before = [await contactCount(owner), await contactCount(other)];
    const cases: [string, Record<string, unknown>][] = [
      ['email', { ...good, email: 'not-an-address' }],
      ['email', { ...good, email: undefined }],
      ['phone', { ...good, phone: 'call me' }],
      ['source', { ...good, source: 'form' }],
      ['visitor.ip', { ...good, visitor: { ip: '999.1.1.1', userAgent: 'x' } }],
      ['visitor.userAgent', { ...good, visitor: { ip: buyer.ip, userAgent: '' } }],
      ['websiteId', { ...good, websiteId: 'one' }],
      // Another workspace's website is none of this key's.
      ['websiteId', { ...good, websiteId: otherSite.id }],
    ];
    for (const [field, body] of cases) {
      const res = await key.client.post('/api/analytics/identify', body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect([await contactCount(owner), await contactCount(other)]).toEqual(before);
    expect(await identities(owner)).toBe(0);
  });

  it('refuses a wrong key, a viewer’s key and no key; another workspace’s key reaches only its own workspace', async () => {
    const owner = await signUpOwner(t.app);
    const site = await addSite(owner, 'keyed-shop.example');
    const buyer = newBrowser();
    await view(site, '/cart', buyer);
    const body = checkoutBody(site, buyer, uniqueEmail('keyed'));
    const intruder = await signUpOwner(t.app);
    const before = [await contactCount(owner), await contactCount(intruder)];

    const wrong = new ApiClient(t.app, undefined, 'bh_live_not-a-real-key-at-all-000000000000');
    expect((await wrong.post('/api/analytics/identify', body)).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/identify',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(anonymous.statusCode).toBe(401);
    const viewer = await apiKeyClient(t.app, owner, 'viewer');
    expect((await viewer.client.post('/api/analytics/identify', body)).statusCode).toBe(403);

    const intruderKey = await apiKeyClient(t.app, intruder, 'admin');
    const refused = await intruderKey.client.post('/api/analytics/identify', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues.map((i: { path: string }) => i.path)).toEqual(['websiteId']);
    expect([await contactCount(owner), await contactCount(intruder)]).toEqual(before);
    expect(await identities(owner)).toBe(0);
  });
});
