import { localBusinessPricing, noLocalAddons } from '@domain/pricing/local-business';
import { reossPricing } from '@domain/pricing/reoss';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type StripeTestServer, startStripeTestServer } from '../../../../test/stripe-test-server.js';
import {
  type ApiClient,
  addMember,
  createTestApp,
  type SignedUp,
  signUpOwner,
  type TestApp,
  useTestApp,
} from '../../../../test/test-app.js';
import { billingJobs } from './jobs.js';

// The offline provider prorates against the app's clock: a test moves it into a period it wrote itself.
let clockMs: number | null = null;
const t = useTestApp({ clock: () => (clockMs === null ? new Date() : new Date(clockMs)) });
let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
});
afterEach(() => {
  clockMs = null;
});

/** Submits the offline test checkout as the browser does. */
function pay(client: ApiClient, url: string) {
  return client.app.inject({
    method: 'POST',
    url,
    headers: {
      host: 'localhost',
      origin: 'http://localhost',
      'content-type': 'application/x-www-form-urlencoded',
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
    payload: new URLSearchParams({ cardNumber: '4242424242424242', email: '' }).toString(),
  });
}

const prices = { starter: 4900, professional: 14900, enterprise: 39900 } as const;

async function buyPackage(who: SignedUp, planId: keyof typeof prices) {
  const res = await who.client.post('/api/billing/checkout', {
    planId,
    addonIds: [],
    totalCents: prices[planId],
  });
  expect(res.statusCode).toBe(200);
  expect((await pay(who.client, res.json().url)).statusCode).toBe(303);
}

async function buyReoss(who: SignedUp, tier: 'basic' | 'pro' | 'team' | 'brokerage') {
  const { oneTime: _oneTime, ...pricing } = reossPricing(tier, []);
  const res = await who.client.post('/api/reoss/checkout', { tier, addons: [], pricing });
  expect(res.statusCode).toBe(200);
  expect((await pay(who.client, res.json().checkout_url)).statusCode).toBe(303);
}

async function buyListing(who: SignedUp) {
  const selection = {
    businessType: 'bakery' as const,
    exposureLevel: 'directory' as const,
    zipCodes: '',
    naicsCode: 'other' as const,
    addons: { ...noLocalAddons, placementBoost: true, coBrandedPage: true },
  };
  const res = await who.client.post('/api/local-business/checkout', {
    ...selection,
    pricing: localBusinessPricing(selection),
  });
  expect(res.statusCode).toBe(200);
  expect((await pay(who.client, res.json().checkout_url)).statusCode).toBe(303);
}

const listOf = async (client: ApiClient) => {
  const res = await client.get('/api/billing/subscriptions');
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; kind: string; [key: string]: unknown }[];
};
const platformOf = async (client: ApiClient) => (await listOf(client)).find((s) => s.kind === 'platform');

/** The platform subscription's period, written as the test needs it: [start, end) in UTC. */
async function setPlatformPeriod(workspaceId: number, start: string, end: string) {
  await db.query(
    `update subscriptions set current_period_start = $2, current_period_end = $3
     where workspace_id = $1 and kind = 'platform'`,
    [workspaceId, start, end],
  );
}

const changePlan = (client: ApiClient, id: number, planId: keyof typeof prices, addonIds: string[] = []) =>
  client.post(`/api/billing/subscriptions/${id}/change-plan`, {
    planId,
    addonIds,
    totalCents: prices[planId] + (addonIds.includes('training-hub') ? 8900 : 0),
  });

const setCancel = (client: ApiClient, id: number, cancelAtPeriodEnd: boolean) =>
  client.post(`/api/billing/subscriptions/${id}/cancel-at-period-end`, { cancelAtPeriodEnd });

describe('subscriptions of a workspace', () => {
  it('keeps a REOSS membership bought on a Starter trial apart: its own price and seats, the user limit unchanged', async () => {
    const owner = await signUpOwner(t.app, { plan: 'starter' });
    await buyReoss(owner, 'pro');
    await buyListing(owner);

    const list = await listOf(owner.client);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({
      kind: 'platform',
      plan: 'starter',
      planName: 'Starter',
      seats: 2,
      priceCents: 4900,
      status: 'trialing',
      currentPeriodEnd: null,
      limits: { users: 2, contacts: 1000 },
    });
    expect(list[1]).toMatchObject({
      kind: 'reoss',
      plan: 'pro',
      planName: 'Pro',
      seats: 3,
      priceCents: 29900,
      status: 'active',
      cancelAtPeriodEnd: false,
      limits: null,
    });
    const renews = new Date(String(list[1].currentPeriodEnd)).getTime();
    expect(renews).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(renews).toBeLessThan(Date.now() + 32 * 86_400_000);
    // The one-time Co-Branded Page was charged with the order; the listing renews without it.
    expect(list[2]).toMatchObject({
      kind: 'local_business',
      plan: 'directory',
      planName: 'Directory Listing',
      seats: null,
      priceCents: 4400 + 7900,
      addons: [{ id: 'placementBoost', name: 'Placement Boost', priceCents: 7900 }],
      status: 'active',
    });

    // The workspace is still a Starter trial with Starter's limits, wherever it is read.
    expect((await owner.client.get('/api/billing/subscription')).json()).toMatchObject({
      plan: 'starter',
      seats: 2,
      subscriptionStatus: 'trialing',
      limits: { users: 2 },
    });
    expect((await owner.client.get('/api/auth/user')).json().workspace).toMatchObject({
      plan: 'starter',
      subscriptionStatus: 'trialing',
    });
  });

  it('copies the platform plan to the workspace row in the billing store’s transaction: a direct write is refused', async () => {
    const owner = await signUpOwner(t.app, { plan: 'starter' });
    await expect(
      db.query(`update workspaces set plan = 'enterprise' where id = $1`, [owner.workspaceId]),
    ).rejects.toThrow(/copy the platform subscription/);
    await buyPackage(owner, 'starter');
    const platform = await platformOf(owner.client);
    const up = await changePlan(owner.client, Number(platform?.id), 'enterprise');
    expect(up.statusCode, up.body).toBe(200);
    const { rows } = await db.query('select plan from workspaces where id = $1', [owner.workspaceId]);
    expect(rows[0].plan).toBe('enterprise');
  });
});

describe('plan changes through the offline provider', () => {
  it('upgrades with a prorated charge, downgrades into credit, and spends that credit on the next upgrade', async () => {
    const owner = await signUpOwner(t.app, { plan: 'starter' });
    await buyPackage(owner, 'starter');
    const platform = await platformOf(owner.client);
    expect(platform).toMatchObject({ status: 'active', priceCents: 4900 });
    const id = Number(platform?.id);
    // A 30-day period with 10 days left: a third of it to prorate.
    await setPlatformPeriod(owner.workspaceId, '2030-01-01T00:00:00Z', '2030-01-31T00:00:00Z');
    clockMs = Date.parse('2030-01-21T00:00:00Z');

    const up = await changePlan(owner.client, id, 'professional');
    expect(up.statusCode).toBe(200);
    expect(up.json().proration).toEqual({
      creditCents: 1633, // 4900 / 3
      chargeCents: 4967, // 14900 / 3
      chargedCents: 3334,
      creditBalanceCents: 0,
    });
    expect(up.json().subscription).toMatchObject({
      plan: 'professional',
      priceCents: 14900,
      seats: 10,
      status: 'active',
      currentPeriodEnd: '2030-01-31T00:00:00.000Z',
      limits: { users: 10 },
    });
    const payments = (await owner.client.get('/api/payments')).json();
    expect(payments[0]).toMatchObject({
      amountCents: 3334,
      recurringCents: 3334,
      description: 'Prorated change: Starter plan to Professional plan',
      provider: 'offline',
    });
    expect(payments).toHaveLength(2);
    expect((await owner.client.get('/api/auth/user')).json().workspace.plan).toBe('professional');

    // 5 of 30 days left: credit 14900 / 6, charge 4900 / 6; nothing to pay, the rest kept as credit.
    clockMs = Date.parse('2030-01-26T00:00:00Z');
    const down = await changePlan(owner.client, id, 'starter');
    expect(down.statusCode).toBe(200);
    expect(down.json().proration).toEqual({
      creditCents: 2483,
      chargeCents: 817,
      chargedCents: 0,
      creditBalanceCents: 1666,
    });
    expect(down.json().subscription).toMatchObject({
      plan: 'starter',
      priceCents: 4900,
      seats: 2,
      creditCents: 1666,
    });
    expect((await owner.client.get('/api/payments')).json()).toHaveLength(2);

    // Back up at once: 817 credit for Starter's unused time plus the 1666 owed cover the 2483 charge.
    const again = await changePlan(owner.client, id, 'professional');
    expect(again.json().proration).toEqual({
      creditCents: 817,
      chargeCents: 2483,
      chargedCents: 0,
      creditBalanceCents: 0,
    });
    expect((await owner.client.get('/api/payments')).json()).toHaveLength(2);
    const activity = (await owner.client.get('/api/activities')).json();
    expect(activity[0]).toMatchObject({
      type: 'plan_changed',
      description: 'Plan changed from Starter to Professional, $149 a month from now on',
    });
  });

  it('refuses a tampered total and the plan the workspace already has, changing nothing', async () => {
    const owner = await signUpOwner(t.app, { plan: 'starter' });
    await buyPackage(owner, 'starter');
    const id = Number((await platformOf(owner.client))?.id);
    const tampered = await owner.client.post(`/api/billing/subscriptions/${id}/change-plan`, {
      planId: 'professional',
      addonIds: [],
      totalCents: 4900,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().issues).toEqual([expect.objectContaining({ path: 'totalCents' })]);
    const same = await changePlan(owner.client, id, 'starter');
    expect(same.statusCode).toBe(400);
    expect(same.json().issues).toEqual([{ path: 'planId', message: 'is already your plan' }]);
    const bad = await owner.client.post(`/api/billing/subscriptions/${id}/change-plan`, {
      planId: 'platinum',
      addonIds: [],
      totalCents: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('planId');
    expect(await platformOf(owner.client)).toMatchObject({ plan: 'starter', priceCents: 4900 });
  });

  it('refuses a downgrade below the members the workspace has, naming planId', async () => {
    const owner = await signUpOwner(t.app, { plan: 'professional' });
    await buyPackage(owner, 'professional');
    await addMember(t.app, owner, 'member');
    await addMember(t.app, owner, 'viewer');
    const id = Number((await platformOf(owner.client))?.id);
    const res = await changePlan(owner.client, id, 'starter');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message:
        'planId: Starter allows 2 users, and this workspace has 3 members. Remove members before moving to this plan.',
      messageId: 'billing.tooManyMembers',
      issues: [{ path: 'planId' }],
    });
    expect(await platformOf(owner.client)).toMatchObject({ plan: 'professional', priceCents: 14900 });
    expect((await owner.client.get('/api/payments')).json()).toHaveLength(1);
  });

  it('has nothing to change or cancel on a trial, nor on a membership', async () => {
    const owner = await signUpOwner(t.app, { plan: 'starter' });
    await buyReoss(owner, 'basic');
    const [platform, reoss] = await listOf(owner.client);
    expect((await changePlan(owner.client, platform.id, 'professional')).statusCode).toBe(409);
    expect((await setCancel(owner.client, platform.id, true)).statusCode).toBe(409);
    const notAPlan = await changePlan(owner.client, reoss.id, 'professional');
    expect(notAPlan.statusCode).toBe(409);
    expect(notAPlan.json().messageId).toBe('billing.onlyPlatformPlan');
  });
});

describe('cancel at period end', () => {
  it('cancels at the end of the period and undoes it while the period runs; once over, it has ended', async () => {
    const owner = await signUpOwner(t.app, { plan: 'starter' });
    await buyPackage(owner, 'starter');
    await buyReoss(owner, 'team');
    const [platform, reoss] = await listOf(owner.client);

    const cancelled = await setCancel(owner.client, reoss.id, true);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ kind: 'reoss', cancelAtPeriodEnd: true, status: 'active' });
    // The other subscription is untouched.
    expect(await platformOf(owner.client)).toMatchObject({ cancelAtPeriodEnd: false, status: 'active' });
    expect((await setCancel(owner.client, reoss.id, true)).json().cancelAtPeriodEnd).toBe(true);

    const kept = await setCancel(owner.client, reoss.id, false);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ cancelAtPeriodEnd: false, status: 'active' });

    expect((await setCancel(owner.client, platform.id, true)).json().cancelAtPeriodEnd).toBe(true);
    expect((await owner.client.get('/api/billing/subscription')).json()).toMatchObject({
      cancelAtPeriodEnd: true,
      subscriptionStatus: 'active',
    });
    // After the period's end the plan has ended: too late to keep it.
    clockMs = Date.now() + 40 * 86_400_000;
    expect(await platformOf(owner.client)).toMatchObject({ status: 'canceled' });
    const late = await setCancel(owner.client, platform.id, false);
    expect(late.statusCode).toBe(409);
    expect(late.json().messageId).toBe('billing.subscriptionEnded');
  });
});

describe('the end of a period', () => {
  const sweep = (app: TestApp['app']) => billingJobs[0].handler({}, app.deps);
  const workspaceCopy = async (workspaceId: number) =>
    (await db.query('select plan, addons, subscription_status from workspaces where id = $1', [workspaceId]))
      .rows[0];
  const activitiesOf = async (client: ApiClient, type: string) =>
    ((await client.get('/api/activities')).json() as { type: string }[]).filter((a) => a.type === type);

  it('is scheduled by pg-boss', () => {
    expect(billingJobs.map((job) => [job.name, job.cron])).toEqual([['billing.period-end', '* * * * *']]);
  });

  it('ends a platform plan set to cancel once its period is over: the workspace falls to Starter limits, once', async () => {
    const owner = await signUpOwner(t.app, { plan: 'starter' });
    await buyPackage(owner, 'professional');
    const platform = await platformOf(owner.client);
    expect((await setCancel(owner.client, Number(platform?.id), true)).statusCode).toBe(200);

    // Still in the period: nothing ends.
    await sweep(t.app);
    expect(await workspaceCopy(owner.workspaceId)).toEqual({
      plan: 'professional',
      addons: [],
      subscription_status: 'active',
    });

    clockMs = Date.parse(String(platform?.currentPeriodEnd)) + 60_000;
    await sweep(t.app);
    await sweep(t.app);
    expect(await platformOf(owner.client)).toMatchObject({
      plan: 'professional',
      status: 'canceled',
      limits: { contacts: 1000, users: 2, storageGb: 1 },
    });
    expect(await workspaceCopy(owner.workspaceId)).toEqual({
      plan: 'starter',
      addons: [],
      subscription_status: 'canceled',
    });
    expect((await owner.client.get('/api/billing/subscription')).json()).toMatchObject({
      subscriptionStatus: 'canceled',
      limits: { contacts: 1000, users: 2 },
    });
    expect((await owner.client.get('/api/auth/user')).json().workspace).toMatchObject({
      plan: 'starter',
      subscriptionStatus: 'canceled',
    });
    expect(await activitiesOf(owner.client, 'subscription_ended')).toHaveLength(1);
    // No renewal was charged for a cancelled plan.
    expect((await owner.client.get('/api/payments')).json()).toHaveLength(1);

    // Subscribing again starts from the no-plan state.
    await buyPackage(owner, 'starter');
    expect(await workspaceCopy(owner.workspaceId)).toEqual({
      plan: 'starter',
      addons: [],
      subscription_status: 'active',
    });
  });

  it('renews an offline subscription that was not cancelled: one payment a period, the period moves on', async () => {
    const owner = await signUpOwner(t.app, { plan: 'starter' });
    await buyPackage(owner, 'starter');
    await buyReoss(owner, 'pro');
    const [platform, reoss] = await listOf(owner.client);
    expect((await setCancel(owner.client, reoss.id, true)).statusCode).toBe(200);
    const periodEnd = Date.parse(String(platform.currentPeriodEnd));

    clockMs = periodEnd + 86_400_000;
    await sweep(t.app);
    await sweep(t.app);
    const [renewed, ended] = await listOf(owner.client);
    expect(renewed).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(Date.parse(String(renewed.currentPeriodEnd))).toBeGreaterThan(clockMs);
    expect(ended).toMatchObject({ kind: 'reoss', status: 'canceled' });
    const payments = (await owner.client.get('/api/payments')).json() as {
      description: string;
      amountCents: number;
    }[];
    expect(payments.filter((p) => p.description.startsWith('Renewal:'))).toEqual([
      expect.objectContaining({ description: 'Renewal: Starter plan', amountCents: 4900 }),
    ]);
    // The REOSS membership's end leaves the platform plan and its copy alone.
    expect(await workspaceCopy(owner.workspaceId)).toMatchObject({
      plan: 'starter',
      subscription_status: 'active',
    });
  });
});

describe('who may change subscriptions', () => {
  it('lets every member read them, and only the owner change them (admin, member, viewer: 403)', async () => {
    const owner = await signUpOwner(t.app, { plan: 'starter' });
    await buyPackage(owner, 'starter');
    const id = Number((await platformOf(owner.client))?.id);
    for (const role of ['admin', 'member', 'viewer'] as const) {
      const other = await addMember(t.app, owner, role);
      expect((await other.client.get('/api/billing/subscriptions')).statusCode).toBe(200);
      const change = await changePlan(other.client, id, 'professional');
      expect(`${role} ${change.statusCode}`).toBe(`${role} 403`);
      expect(`${role} ${(await setCancel(other.client, id, true)).statusCode}`).toBe(`${role} 403`);
      // The role is checked before the body: an empty one is refused the same way.
      const empty = await other.client.post(`/api/billing/subscriptions/${id}/change-plan`, {});
      expect(`${role} ${empty.statusCode}`).toBe(`${role} 403`);
    }
    expect(await platformOf(owner.client)).toMatchObject({ plan: 'starter', cancelAtPeriodEnd: false });
  });

  it('never shows or changes another workspace’s subscriptions', async () => {
    const a = await signUpOwner(t.app, { plan: 'starter' });
    await buyPackage(a, 'starter');
    await buyReoss(a, 'pro');
    const [platform, reoss] = await listOf(a.client);
    const b = await signUpOwner(t.app, { plan: 'professional' });
    const seen = await listOf(b.client);
    expect(seen.map((s) => s.kind)).toEqual(['platform']);
    expect(seen[0].id).not.toBe(platform.id);
    expect((await changePlan(b.client, platform.id, 'professional')).statusCode).toBe(404);
    expect((await setCancel(b.client, reoss.id, true)).statusCode).toBe(404);
    expect(await listOf(a.client)).toEqual([platform, reoss]);
  });
});

describe('plan changes through Stripe', () => {
  const webhookSecret = 'whsec_billing_test';
  const signer = new Stripe('sk_test_signer_only');
  let stripe: StripeTestServer;
  let app: TestApp;
  beforeAll(async () => {
    stripe = await startStripeTestServer();
    app = await createTestApp({
      env: {
        STRIPE_TEST_SECRET_KEY: 'sk_test_51BillingKeyAbcdefghijkl',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  /** Checkout of a package, paid at Stripe (the test server makes the subscription), then the webhook. */
  async function subscribeAtStripe(who: SignedUp, addonIds: string[], totalCents: number, subId: string) {
    const res = await who.client.post('/api/billing/checkout', { planId: 'starter', addonIds, totalCents });
    expect(res.statusCode).toBe(200);
    const session = stripe.sessions.at(-1) ?? {};
    const subscription = stripe.completeSession(session, subId);
    const payload = JSON.stringify({
      id: `evt_${subId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_${subId}`,
          object: 'checkout.session',
          payment_status: 'paid',
          metadata: { order_id: session['metadata[order_id]'] },
          customer_details: { email: 'payer@example.test' },
          subscription: subId,
          payment_intent: null,
        },
      },
    });
    const hook = await app.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      payload,
    });
    expect(hook.statusCode).toBe(200);
    return subscription;
  }

  it('gives the subscription item the new price with create_prorations, and drops the other items', async () => {
    const owner = await signUpOwner(app.app, { plan: 'starter' });
    const subscription = await subscribeAtStripe(owner, ['training-hub'], 4900 + 8900, 'sub_billing_up');
    expect(subscription.items).toHaveLength(2);
    const [first, second] = subscription.items;
    const platform = await platformOf(owner.client);
    expect(platform).toMatchObject({ status: 'active', priceCents: 13800 });

    const res = await changePlan(owner.client, Number(platform?.id), 'professional');
    expect(res.statusCode).toBe(200);
    // Stripe bills the prorations on its next invoice: nothing is worked out or charged here.
    expect(res.json().proration).toBeNull();
    expect(res.json().subscription).toMatchObject({ plan: 'professional', priceCents: 14900, addons: [] });
    const update = stripe.subscriptionUpdates.at(-1);
    expect(update?.id).toBe('sub_billing_up');
    expect(update?.params).toEqual({
      proration_behavior: 'create_prorations',
      'items[0][id]': first.id,
      'items[0][price_data][currency]': 'usd',
      'items[0][price_data][product]': `prod_created_${stripe.createdProducts.length}`,
      'items[0][price_data][unit_amount]': '14900',
      'items[0][price_data][recurring][interval]': 'month',
      'items[1][id]': second.id,
      'items[1][deleted]': 'true',
    });
    expect(stripe.createdProducts.at(-1)).toEqual({ name: 'Professional plan' });
    expect(stripe.subscriptions.get('sub_billing_up')?.items).toEqual([
      { id: first.id, unitAmount: 14900, product: `prod_created_${stripe.createdProducts.length}` },
    ]);
    // The period is Stripe's.
    expect(res.json().subscription.currentPeriodEnd).toBe(
      new Date(subscription.periodEnd * 1000).toISOString(),
    );
    expect((await owner.client.get('/api/payments')).json()).toHaveLength(1);

    const down = await changePlan(owner.client, Number(platform?.id), 'starter');
    expect(down.statusCode).toBe(200);
    expect(stripe.subscriptionUpdates.at(-1)?.params).toMatchObject({
      proration_behavior: 'create_prorations',
      'items[0][id]': first.id,
      'items[0][price_data][unit_amount]': '4900',
    });
    expect(await platformOf(owner.client)).toMatchObject({ plan: 'starter', priceCents: 4900, seats: 2 });
  });

  it('sets cancel_at_period_end at Stripe, and clears it again', async () => {
    const owner = await signUpOwner(app.app, { plan: 'starter' });
    const subscription = await subscribeAtStripe(owner, [], 4900, 'sub_billing_cancel');
    const id = Number((await platformOf(owner.client))?.id);
    const cancelled = await setCancel(owner.client, id, true);
    expect(cancelled.statusCode).toBe(200);
    expect(stripe.subscriptionUpdates.at(-1)).toEqual({
      id: 'sub_billing_cancel',
      params: { cancel_at_period_end: 'true' },
    });
    expect(cancelled.json()).toMatchObject({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(subscription.periodEnd * 1000).toISOString(),
    });
    const kept = await setCancel(owner.client, id, false);
    expect(kept.json().cancelAtPeriodEnd).toBe(false);
    expect(stripe.subscriptionUpdates.at(-1)?.params).toEqual({ cancel_at_period_end: 'false' });
    expect(stripe.subscriptions.get('sub_billing_cancel')?.cancelAtPeriodEnd).toBe(false);
  });

  /** A subscription event as Stripe sends it, signed with the endpoint's secret. */
  async function sendSubscriptionEvent(
    id: string,
    type: 'customer.subscription.updated' | 'customer.subscription.deleted',
    subscription: { id: string; status: string; cancelAtPeriodEnd: boolean; start: number; end: number },
  ) {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      data: {
        object: {
          id: subscription.id,
          object: 'subscription',
          status: subscription.status,
          cancel_at_period_end: subscription.cancelAtPeriodEnd,
          items: {
            object: 'list',
            data: [
              {
                id: 'si_1',
                object: 'subscription_item',
                current_period_start: subscription.start,
                current_period_end: subscription.end,
              },
            ],
          },
        },
      },
    });
    return app.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      payload,
    });
  }

  it('follows customer.subscription.updated and .deleted: the row and the workspace copy, each event once', async () => {
    const owner = await signUpOwner(app.app, { plan: 'starter' });
    const subscription = await subscribeAtStripe(owner, [], 4900, 'sub_billing_events');
    const copy = async () =>
      (await db.query('select plan, subscription_status from workspaces where id = $1', [owner.workspaceId]))
        .rows[0];
    const start = subscription.periodEnd;
    const end = start + 30 * 86_400;

    // Cancelled in Stripe's dashboard, in the next period.
    const updated = await sendSubscriptionEvent('evt_sub_updated', 'customer.subscription.updated', {
      id: 'sub_billing_events',
      status: 'active',
      cancelAtPeriodEnd: true,
      start,
      end,
    });
    expect(updated.statusCode).toBe(200);
    expect(await platformOf(owner.client)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(end * 1000).toISOString(),
    });

    const pastDue = await sendSubscriptionEvent('evt_sub_past_due', 'customer.subscription.updated', {
      id: 'sub_billing_events',
      status: 'past_due',
      cancelAtPeriodEnd: true,
      start,
      end,
    });
    expect(pastDue.statusCode).toBe(200);
    expect(await copy()).toEqual({ plan: 'starter', subscription_status: 'past_due' });

    const deleted = await sendSubscriptionEvent('evt_sub_deleted', 'customer.subscription.deleted', {
      id: 'sub_billing_events',
      status: 'canceled',
      cancelAtPeriodEnd: true,
      start,
      end,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await platformOf(owner.client)).toMatchObject({ status: 'canceled' });
    expect(await copy()).toEqual({ plan: 'starter', subscription_status: 'canceled' });

    // A late or repeated event never revives an ended subscription, nor is one counted twice.
    const late = await sendSubscriptionEvent('evt_sub_late', 'customer.subscription.updated', {
      id: 'sub_billing_events',
      status: 'active',
      cancelAtPeriodEnd: false,
      start,
      end,
    });
    expect(late.statusCode).toBe(200);
    expect(
      (
        await sendSubscriptionEvent('evt_sub_deleted', 'customer.subscription.deleted', {
          id: 'sub_billing_events',
          status: 'canceled',
          cancelAtPeriodEnd: true,
          start,
          end,
        })
      ).statusCode,
    ).toBe(200);
    expect(await platformOf(owner.client)).toMatchObject({ status: 'canceled' });
    const ended = ((await owner.client.get('/api/activities')).json() as { type: string }[]).filter(
      (a) => a.type === 'subscription_ended',
    );
    expect(ended).toHaveLength(1);
  });

  it('refuses a subscription event that Stripe did not sign, changing nothing', async () => {
    const owner = await signUpOwner(app.app, { plan: 'starter' });
    await subscribeAtStripe(owner, [], 4900, 'sub_billing_forged');
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_billing_forged', object: 'subscription', status: 'canceled' } },
    });
    const forged = await app.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
      },
      payload,
    });
    expect(forged.statusCode).toBe(400);
    expect(await platformOf(owner.client)).toMatchObject({ status: 'active' });
  });

  it('changes nothing when Stripe refuses', async () => {
    const owner = await signUpOwner(app.app, { plan: 'starter' });
    await subscribeAtStripe(owner, [], 4900, 'sub_billing_gone');
    stripe.subscriptions.delete('sub_billing_gone');
    const id = Number((await platformOf(owner.client))?.id);
    const res = await changePlan(owner.client, id, 'professional');
    expect(res.statusCode).toBe(503);
    expect(res.json().messageId).toBe('billing.providerFailed');
    expect(await platformOf(owner.client)).toMatchObject({ plan: 'starter', priceCents: 4900 });
  });
});
