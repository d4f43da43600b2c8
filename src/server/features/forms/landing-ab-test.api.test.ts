import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMember, type SignedUp, signUpOwner, uniqueIp, useTestApp } from '../../../../test/test-app.js';
import { timeToSubmitFloorMs } from './public-forms.js';

/** A clock the test moves by hand (the time-to-submit floor, the day of the split). */
let offsetMs = 0;
// A database of its own: moving the calendar rotates the daily salt, which other files' visitors share.
const t = useTestApp({ clock: () => new Date(Date.now() + offsetMs), ownDatabase: true });
const waitOutFloor = () => {
  offsetMs += timeToSubmitFloorMs + 1_000;
};

const labels = ['Send A', 'Send B', 'Send C'];
const variants = (count = 2) =>
  labels.slice(0, count).map((submitLabel, i) => ({
    headline: `Headline ${submitLabel.slice(-1)}`,
    intro: i === 0 ? '' : `Intro ${submitLabel.slice(-1)}`,
    submitLabel,
  }));

async function createForm(owner: SignedUp): Promise<{ id: number; key: string }> {
  const res = await owner.client.post('/api/forms', {
    name: 'Landing',
    locale: 'en',
    fields: [{ key: 'email', label: 'Email', type: 'email', required: true, target: 'email' }],
    texts: { submit: 'Send', thankYou: 'Thanks', required: 'Required', invalid: 'Invalid', failed: 'Failed' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function startTest(owner: SignedUp, formId: number, body: Record<string, unknown> = {}) {
  const res = await owner.client.put(`/api/forms/${formId}/ab-test`, { variants: variants(), ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The hosted page's read of the form (same origin: no Origin header), as a visitor's browser sends it. */
async function read(key: string, ip: string, userAgent = 'Mozilla/5.0 (test)') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/forms/public/${key}`,
    remoteAddress: ip,
    headers: { host: 'localhost', 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token: string; texts: { submit: string } };
}

const variantOf = (form: { texts: { submit: string } }) => labels.indexOf(form.texts.submit);

function hostedPage(key: string, ip: string) {
  return t.app.inject({
    method: 'GET',
    url: `/f/${key}`,
    remoteAddress: ip,
    headers: { host: 'localhost', 'user-agent': 'Mozilla/5.0 (test)' },
  });
}

function send(key: string, token: string, email: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/forms/public/${key}/submissions`,
    remoteAddress: ip,
    headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'text/plain' },
    payload: JSON.stringify({ token, answers: { email } }),
  });
}

interface AbVariant {
  headline: string;
  views: number;
  submissions: number;
  rate: number | null;
  lift: { estimate: number; low: number; high: number } | null;
}
interface AbTest {
  state: string;
  winner: number | null;
  leader: number;
  confidence: number | null;
  variants: AbVariant[];
}

async function abTestOf(owner: SignedUp, formId: number): Promise<AbTest> {
  const res = await owner.client.get(`/api/forms/${formId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().abTest;
}

/** Views and submissions planted straight into the test's tables (the decision's input, without 1,000 requests). */
async function plant(owner: SignedUp, formId: number, arms: { views: number; submissions: number }[]) {
  await t.database.withWorkspace(owner.workspaceId, async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(
      sql`select id from form_ab_tests where form_id = ${formId}`,
    );
    const testId = rows[0].id;
    for (const [variant, arm] of arms.entries()) {
      await tx.execute(
        sql`insert into form_ab_views (test_id, variant, views) values (${testId}, ${variant}, ${arm.views})`,
      );
      await tx.execute(sql`
        insert into form_submissions (form_id, answers, ab_test_id, ab_variant)
        select ${formId}, '[]'::jsonb, ${testId}, ${variant} from generate_series(1, ${arm.submissions})`);
    }
  });
}

describe('the hosted page A/B test', () => {
  it('splits visitors at random, stably per visitor and day, and shows the variant on the hosted page', async () => {
    const owner = await signUpOwner(t.app);
    const form = await createForm(owner);
    await startTest(owner, form.id);
    const seen = [0, 0];
    for (let i = 0; i < 200; i += 1) {
      const ip = uniqueIp();
      const first = variantOf(await read(form.key, ip));
      expect(first).toBeGreaterThanOrEqual(0);
      // The same visitor (address and browser) the same day sees the same variant, on the page and in the form.
      expect(variantOf(await read(form.key, ip))).toBe(first);
      if (i < 10) {
        const page = await hostedPage(form.key, ip);
        expect(page.body).toContain(`<h1>Headline ${'AB'[first]}</h1>`);
        if (first === 1) expect(page.body).toContain('Intro B');
      }
      seen[first] += 1;
    }
    // Roughly even: 200 fair draws leave each side within 60..140 (over 5 standard deviations).
    expect(seen[0]).toBeGreaterThan(60);
    expect(seen[1]).toBeGreaterThan(60);
    const test = await abTestOf(owner, form.id);
    expect(test.state).toBe('collecting');
    expect(test.variants.map((v) => v.views)).toEqual([seen[0] * 2, seen[1] * 2]);

    // Another browser at the same address is another visitor; another day draws everyone afresh.
    const ip = uniqueIp();
    const today = variantOf(await read(form.key, ip));
    const draws = new Set<number>();
    // Fair daily draws: 13 alike are a 1-in-4,096 chance (it happened in CI); 41 alike, 1 in 10^12.
    for (let day = 1; day <= 40 && draws.size < 2; day += 1) {
      offsetMs += 86_400_000;
      draws.add(variantOf(await read(form.key, ip)));
    }
    draws.add(today);
    expect(draws.size).toBe(2);
  });

  it('counts each submission for the variant its visitor saw', async () => {
    const owner = await signUpOwner(t.app);
    const form = await createForm(owner);
    // A token read before the test names no variant: its submission counts for none.
    const before = await read(form.key, uniqueIp());
    await startTest(owner, form.id);
    const expected = [0, 0];
    const visitors = Array.from({ length: 16 }, () => uniqueIp());
    const tokens = [];
    for (const ip of visitors) {
      const shown = await read(form.key, ip);
      tokens.push({ ip, token: shown.token, variant: variantOf(shown) });
    }
    waitOutFloor();
    for (const [i, { ip, token, variant }] of tokens.entries()) {
      if (i % 3 === 0) continue;
      const res = await send(form.key, token, `ab-${i}-${ip}@example.com`, ip);
      expect(res.statusCode, res.body).toBe(200);
      expected[variant] += 1;
    }
    expect((await send(form.key, before.token, 'before@example.com', uniqueIp())).statusCode).toBe(200);
    const test = await abTestOf(owner, form.id);
    expect(test.variants.map((v) => v.submissions)).toEqual(expected);
    expect(test.variants.map((v) => v.views)).toEqual([
      tokens.filter((v) => v.variant === 0).length,
      tokens.filter((v) => v.variant === 1).length,
    ]);
    // A tampered variant is not ours: refused, counted as invalid.
    const [issued, signature, shown] = tokens[0].token.split('.');
    const flipped = shown.replace(/-(\d)$/, (_, v: string) => `-${1 - Number(v)}`);
    const refused = await send(
      form.key,
      `${issued}.${signature}.${flipped}`,
      'forged@example.com',
      uniqueIp(),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].path).toBe('token');
  });

  it('declares a winner at the target confidence and then serves it to every visitor', async () => {
    const owner = await signUpOwner(t.app);
    const form = await createForm(owner);
    await startTest(owner, form.id, { maxViewsPerVariant: 5000 });
    await plant(owner, form.id, [
      { views: 1000, submissions: 50 },
      { views: 1000, submissions: 110 },
    ]);
    // Not judged until a look: the owner's screen states the confidence as it goes.
    const pending = await abTestOf(owner, form.id);
    expect(pending.state).toBe('collecting');
    expect(pending.leader).toBe(1);
    expect(pending.confidence).toBeGreaterThan(0.95);
    // A visitor's view is a look: it stops the test.
    await read(form.key, uniqueIp());
    const decided = await abTestOf(owner, form.id);
    expect(decided.state).toBe('winner_declared');
    expect(decided.winner).toBe(1);
    const lift = decided.variants[1].lift;
    expect(lift?.estimate).toBeCloseTo(1.2, 1);
    expect(lift?.low).toBeGreaterThan(0);
    expect(decided.variants[0].lift).toBeNull();
    const views = decided.variants.map((v) => v.views);
    for (let i = 0; i < 20; i += 1) {
      const ip = uniqueIp();
      expect(variantOf(await read(form.key, ip))).toBe(1);
      if (i < 3) expect((await hostedPage(form.key, ip)).body).toContain('<h1>Headline B</h1>');
    }
    // After the stop, views are no longer the test's.
    expect((await abTestOf(owner, form.id)).variants.map((v) => v.views)).toEqual(views);
  });

  it('keeps collecting when the variants do as well, and stops at the maximum sample with the leader', async () => {
    const owner = await signUpOwner(t.app);
    const even = await createForm(owner);
    await startTest(owner, even.id, { maxViewsPerVariant: 5000 });
    await plant(owner, even.id, [
      { views: 1000, submissions: 80 },
      { views: 1000, submissions: 82 },
    ]);
    await read(even.key, uniqueIp());
    const open = await abTestOf(owner, even.id);
    expect(open.state).toBe('collecting');
    expect(open.winner).toBeNull();
    expect(open.confidence).toBeLessThan(0.95);

    const small = await createForm(owner);
    await startTest(owner, small.id, { maxViewsPerVariant: 20 });
    await plant(owner, small.id, [
      { views: 20, submissions: 2 },
      { views: 20, submissions: 3 },
    ]);
    await read(small.key, uniqueIp());
    const stopped = await abTestOf(owner, small.id);
    expect(stopped.state).toBe('max_sample');
    expect(stopped.winner).toBe(1);
  });

  it('lets only owners and admins set and remove a test, keeps workspaces apart and names the bad field', async () => {
    const owner = await signUpOwner(t.app);
    const admin = await addMember(t.app, owner, 'admin');
    const member = await addMember(t.app, owner, 'member');
    const viewer = await addMember(t.app, owner, 'viewer');
    const form = await createForm(owner);
    const body = { variants: variants(3) };
    for (const who of [member, viewer]) {
      expect((await who.client.put(`/api/forms/${form.id}/ab-test`, body)).statusCode).toBe(403);
      expect((await who.client.delete(`/api/forms/${form.id}/ab-test`)).statusCode).toBe(403);
    }
    const set = await admin.client.put(`/api/forms/${form.id}/ab-test`, body);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().abTest.variants).toHaveLength(3);
    expect((await viewer.client.get(`/api/forms/${form.id}`)).json().abTest.targetConfidence).toBe(0.95);

    const other = await signUpOwner(t.app);
    expect((await other.client.put(`/api/forms/${form.id}/ab-test`, body)).statusCode).toBe(404);
    expect((await other.client.delete(`/api/forms/${form.id}/ab-test`)).statusCode).toBe(404);

    const bad: [unknown, string][] = [
      [{ variants: variants(1) }, 'variants'],
      [{ variants: [variants()[0], { headline: '', submitLabel: 'Go' }] }, 'variants.1.headline'],
      [{ variants: [variants()[0], { headline: 'B', submitLabel: '' }] }, 'variants.1.submitLabel'],
      [{ variants: variants(), targetConfidence: 0.5 }, 'targetConfidence'],
      [{ variants: variants(), maxViewsPerVariant: 3 }, 'maxViewsPerVariant'],
    ];
    for (const [input, path] of bad) {
      const res = await owner.client.put(`/api/forms/${form.id}/ab-test`, input);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await owner.client.get(`/api/forms/${form.id}`)).json().abTest.variants).toHaveLength(3);

    const removed = await owner.client.delete(`/api/forms/${form.id}/ab-test`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().abTest).toBeNull();
    expect((await read(form.key, uniqueIp())).texts.submit).toBe('Send');
  });
});
