import { randomBytes } from 'node:crypto';
import { AppError, type FieldIssue } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import { type AddonId, addonById, isAddonId } from '@domain/pricing/addons';
import { customPackageTotalCents } from '@domain/pricing/custom-package';
import type { PackageCheckoutBody } from '@domain/pricing/custom-package-schemas';
import {
  businessTypes,
  exposureLevelById,
  type LocalBusinessCheckoutBody,
  localAddons,
  localBusinessPricing,
} from '@domain/pricing/local-business';
import { formatDollars } from '@domain/pricing/money';
import { type PlanId, planById, planIds } from '@domain/pricing/plans';
import { type ReossCheckoutBody, reossAddonById, reossPricing, reossTierById } from '@domain/pricing/reoss';
import { hasRole } from '@domain/roles';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Database, Tx } from '../../db/database.js';
import type { CheckoutLineRecord } from '../../db/schema/payments.js';
import type { Member } from '../../http/session.js';
import type {
  CheckoutCompleted,
  CheckoutLine,
  PaymentsProvider,
} from '../../providers/payments/payments-provider.js';
import { hasStripeWebhook } from '../../providers/payments/stripe-provider.js';
import { recordActivity } from '../activities/index.js';
import {
  applyProviderSubscription,
  type ProviderSubscriptionState,
  renewSubscription,
  subscribeForOrder,
} from '../billing/index.js';
import { recordPayment } from '../payments/index.js';
import {
  type CheckoutOrder,
  claimEvent,
  completeOrder,
  expireOrder,
  findOrder,
  findOrderBySession,
  findOrderBySubscription,
  insertOrder,
} from './store.js';
import { testCards } from './test-checkout-page.js';

export interface CheckoutContext {
  database: Database;
  provider: PaymentsProvider;
  /** The signed-in buyer, or null for a visitor (see docs/decisions/0003-checkout-ownership.md). */
  member: Member | null;
  /** Absolute origin of the site, for the provider's success and cancel URLs. */
  baseUrl: string;
}

export type OrderKind = CheckoutOrder['kind'];

/** What an order was for: read back by the billing feature when it is paid (`subscribeForOrder`). */
export interface OrderSelection {
  cancelPath: string;
  planId?: PlanId;
  addonIds?: AddonId[];
  seats?: number;
  [key: string]: unknown;
}

/** Billing is an admin matter: a signed-in buyer must be able to change the workspace's subscription. */
function assertCanBuy(member: Member | null): void {
  if (member && !hasRole(member.role, 'admin')) {
    throw new AppError('forbidden', serverMessage('payments.adminsOnly'));
  }
}

/**
 * The browser sends the pricing it showed; the server computes its own with the same engine and refuses
 * a difference, so a tampered or stale total never reaches the provider.
 */
export function assertSamePricing<T extends object>(sent: T, computed: T): void {
  const issues: FieldIssue[] = [];
  for (const key of Object.keys(sent) as (keyof T)[]) {
    if (sent[key] !== computed[key]) {
      issues.push({
        path: `pricing.${String(key)}`,
        message: `is ${String(sent[key])} but the current price is ${String(computed[key])}`,
      });
    }
  }
  if (issues.length > 0) {
    throw new AppError('bad_request', serverMessage('payments.priceOutdated'), {
      issues,
    });
  }
}

function totals(lines: CheckoutLine[]) {
  return {
    recurringCents: lines.filter((l) => l.isRecurring).reduce((s, l) => s + l.amountCents, 0),
    oneTimeCents: lines.filter((l) => !l.isRecurring).reduce((s, l) => s + l.amountCents, 0),
  };
}

async function createOrder(
  ctx: CheckoutContext,
  kind: OrderKind,
  selection: OrderSelection,
  lines: CheckoutLine[],
): Promise<{ url: string; sessionId: string }> {
  const orderId = `ord_${randomBytes(15).toString('base64url')}`;
  const session = await ctx.provider.createCheckoutSession({
    orderId,
    lines,
    successUrl: `${ctx.baseUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${ctx.baseUrl}${selection.cancelPath}`,
  });
  // Stored after the provider accepted the session: a provider failure leaves no order behind.
  await ctx.database.withPlatform((tx) =>
    insertOrder(tx, {
      id: orderId,
      provider: ctx.provider.kind,
      providerSessionId: session.sessionId,
      kind,
      selection,
      lines: lines satisfies CheckoutLineRecord[],
      ...totals(lines),
      buyerWorkspaceId: ctx.member?.workspaceId ?? null,
      buyerUserId: ctx.member?.userId ?? null,
    }),
  );
  return session;
}

/** Card-provider pricing page: checkout of one provider price (the first price of a product). */
export async function startCardCheckout(ctx: CheckoutContext, priceId: string) {
  assertCanBuy(ctx.member);
  const price = await ctx.provider.findPrice(priceId);
  if (!price) throw AppError.badRequest('priceId', serverMessage('payments.priceNotOnSale'));
  const planId = planIds.find((id) => id === price.metadata.plan_id);
  const addonId = price.metadata.addon_id;
  // A provider product linked to a plan or add-on must charge the engine's price for it.
  const enginePrice = planId
    ? planById(planId).priceCents
    : addonId && isAddonId(addonId)
      ? addonById(addonId).priceCents
      : undefined;
  if (enginePrice !== undefined && (enginePrice !== price.unitAmountCents || !price.isRecurring)) {
    throw AppError.badRequest(
      'priceId',
      serverMessage('payments.priceNotCurrent', { product: price.productName }),
    );
  }
  const selection: OrderSelection = {
    cancelPath: '/pricing/cards',
    priceId,
    ...(planId ? { planId } : {}),
    ...(addonId && isAddonId(addonId) ? { addonIds: [addonId] } : {}),
  };
  const line = {
    name: price.productName,
    amountCents: price.unitAmountCents,
    isRecurring: price.isRecurring,
    priceId,
  };
  return createOrder(ctx, 'card_product', selection, [line]);
}

/** The lines of a local-business order, built from the engine's result (amounts per month unless one-time). */
export function localBusinessLines(body: LocalBusinessCheckoutBody): CheckoutLine[] {
  const pricing = localBusinessPricing(body);
  const exposure = exposureLevelById(body.exposureLevel);
  const type = businessTypes.find((t) => t.id === body.businessType)?.label ?? body.businessType;
  const lines: CheckoutLine[] = [
    { name: `${exposure.name} listing (${type})`, amountCents: pricing.monthlyBase, isRecurring: true },
  ];
  if (pricing.zipFees > 0)
    lines.push({ name: 'Extra ZIP codes', amountCents: pricing.zipFees, isRecurring: true });
  for (const addon of localAddons) {
    if (body.addons[addon.key]) {
      // The Co-Branded Page is a one-time fee: shown apart from the monthly total and charged once.
      lines.push({
        name: addon.name,
        amountCents: addon.priceCents,
        isRecurring: addon.billing === 'monthly',
      });
    }
  }
  return lines;
}

export async function startLocalBusinessCheckout(ctx: CheckoutContext, body: LocalBusinessCheckoutBody) {
  assertCanBuy(ctx.member);
  assertSamePricing(body.pricing, localBusinessPricing(body));
  const { pricing: _shown, ...choices } = body;
  return createOrder(
    ctx,
    'local_business',
    { cancelPath: '/pricing/local-business', ...choices },
    localBusinessLines(body),
  );
}

export function reossLines(body: Pick<ReossCheckoutBody, 'tier' | 'addons'>): CheckoutLine[] {
  const tier = reossTierById(body.tier);
  return [
    {
      name: `REOSS ${tier.name} membership (${tier.seats} ${tier.seats === 1 ? 'seat' : 'seats'})`,
      amountCents: tier.priceCents,
      isRecurring: true,
    },
    ...[...new Set(body.addons)].map(reossAddonById).map((a) => ({
      name: a.name,
      amountCents: a.priceCents,
      isRecurring: a.billing === 'monthly',
    })),
  ];
}

export async function startReossCheckout(ctx: CheckoutContext, body: ReossCheckoutBody) {
  assertCanBuy(ctx.member);
  const computed = reossPricing(body.tier, body.addons);
  const { oneTime: _oneTime, ...comparable } = computed;
  assertSamePricing(body.pricing, comparable);
  return createOrder(
    ctx,
    'reoss',
    { cancelPath: '/pricing/reoss', tier: body.tier, reossAddons: body.addons, seats: computed.seats },
    reossLines(body),
  );
}

/** Dashboard pricing tab: the custom package (plan + add-ons), every line monthly. */
export async function startPackageCheckout(ctx: CheckoutContext, body: PackageCheckoutBody) {
  if (!ctx.member) throw new AppError('unauthenticated', serverMessage('payments.signInToSubscribe'));
  assertCanBuy(ctx.member);
  const addonIds = [...new Set(body.addonIds)];
  assertSamePricing(
    { totalCents: body.totalCents },
    { totalCents: customPackageTotalCents(body.planId, addonIds) },
  );
  const plan = planById(body.planId);
  const lines: CheckoutLine[] = [
    { name: `${plan.name} plan`, amountCents: plan.priceCents, isRecurring: true },
    ...addonIds.map(addonById).map((a) => ({ name: a.name, amountCents: a.priceCents, isRecurring: true })),
  ];
  return createOrder(
    ctx,
    'package',
    { cancelPath: '/dashboard?tab=pricing', planId: plan.id, addonIds },
    lines,
  );
}

export type FulfilmentResult = 'fulfilled' | 'duplicate' | 'already_completed' | 'unknown_order';

function orderDescription(order: CheckoutOrder): string {
  return order.lines.map((l) => l.name).join(', ');
}

/**
 * Handles the internal "checkout completed" event, from Stripe's webhook or the offline test checkout.
 * Idempotent twice over: by event id, and by the order's open -> completed transition.
 */
export async function completeCheckout(
  database: Database,
  event: CheckoutCompleted,
  at: Date,
): Promise<FulfilmentResult> {
  const order = await database.withPlatform((tx) => findOrder(tx, event.orderId));
  if (!order) return 'unknown_order';
  const run = <T>(fn: (tx: Tx) => Promise<T>) =>
    order.buyerWorkspaceId ? database.withWorkspace(order.buyerWorkspaceId, fn) : database.withPlatform(fn);
  return run(async (tx) => {
    if (!(await claimEvent(tx, event.eventId, event.provider, 'checkout.completed'))) return 'duplicate';
    const completed = await completeOrder(tx, order.id, event.customerEmail, event.subscriptionId);
    if (!completed) return 'already_completed';
    if (order.buyerWorkspaceId) {
      const amount = order.recurringCents + order.oneTimeCents;
      await recordPayment(tx, {
        orderId: order.id,
        description: orderDescription(order),
        amountCents: amount,
        recurringCents: order.recurringCents,
        oneTimeCents: order.oneTimeCents,
        provider: event.provider,
        providerReference: event.reference,
        customerEmail: event.customerEmail,
      });
      await subscribeForOrder(
        tx,
        {
          id: order.id,
          kind: order.kind,
          selection: order.selection,
          recurringCents: order.recurringCents,
          provider: event.provider,
          providerSubscriptionId: event.subscriptionId,
        },
        at,
      );
      await recordActivity(
        tx,
        'payment_received',
        serverMessage('activity.paymentReceived', {
          amount: formatDollars(amount),
          description: orderDescription(order),
        }),
      );
    }
    return 'fulfilled';
  });
}

export interface SubscriptionRenewed {
  eventId: string;
  subscriptionId: string;
  amountPaidCents: number;
  periodEnd: Date;
  reference: string | null;
}

/** A renewal invoice paid by the provider: one more recurring payment for the workspace that bought it. */
export async function recordRenewal(
  database: Database,
  event: SubscriptionRenewed,
): Promise<FulfilmentResult> {
  const order = await database.withPlatform((tx) => findOrderBySubscription(tx, event.subscriptionId));
  if (!order?.buyerWorkspaceId) return 'unknown_order';
  return database.withWorkspace(order.buyerWorkspaceId, async (tx) => {
    if (!(await claimEvent(tx, event.eventId, 'stripe', 'invoice.paid'))) return 'duplicate';
    const description = `Renewal: ${orderDescription({ ...order, lines: order.lines.filter((l) => l.isRecurring) })}`;
    await recordPayment(tx, {
      orderId: null,
      description,
      amountCents: event.amountPaidCents,
      recurringCents: event.amountPaidCents,
      oneTimeCents: 0,
      provider: 'stripe',
      providerReference: event.reference,
      customerEmail: order.customerEmail,
    });
    await renewSubscription(tx, event.subscriptionId, event.periodEnd);
    await recordActivity(
      tx,
      'payment_received',
      serverMessage('activity.paymentReceived', {
        amount: formatDollars(event.amountPaidCents),
        description,
      }),
    );
    return 'fulfilled';
  });
}

/** A subscription Stripe changed or ended: its row follows, in the workspace that bought it, once. */
export async function recordSubscriptionChange(
  database: Database,
  event: { eventId: string; type: string; state: ProviderSubscriptionState },
): Promise<FulfilmentResult> {
  const subscriptionId = event.state.providerSubscriptionId;
  const order = await database.withPlatform((tx) => findOrderBySubscription(tx, subscriptionId));
  if (!order?.buyerWorkspaceId) return 'unknown_order';
  return database.withWorkspace(order.buyerWorkspaceId, async (tx) => {
    if (!(await claimEvent(tx, event.eventId, 'stripe', event.type))) return 'duplicate';
    await applyProviderSubscription(tx, event.state);
    return 'fulfilled';
  });
}

/** Stripe's statuses as a subscription row reads them: one that can never be paid again has ended. */
const stripeStatuses: Record<Stripe.Subscription.Status, ProviderSubscriptionState['status']> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'unpaid',
  paused: 'unpaid',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  canceled: 'canceled',
};

function subscriptionState(subscription: Stripe.Subscription, deleted: boolean): ProviderSubscriptionState {
  // Since Stripe's 2025 API the period is the items' (all items of one subscription share it).
  const item = subscription.items?.data?.[0];
  const at = (seconds: number | undefined) => (seconds ? new Date(seconds * 1000) : null);
  return {
    providerSubscriptionId: subscription.id,
    status: deleted ? 'canceled' : stripeStatuses[subscription.status],
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodStart: at(item?.current_period_start),
    currentPeriodEnd: at(item?.current_period_end),
  };
}

/**
 * Stripe's webhook: checks the signature over the exact bytes sent, then fulfils the checkout, records a
 * renewal, follows a subscription's change or end, or closes an expired session. Anything else is
 * acknowledged and ignored.
 */
export async function handleStripeWebhook(
  deps: { database: Database; provider: PaymentsProvider; log: FastifyBaseLogger; at: Date },
  body: unknown,
  signature: unknown,
): Promise<void> {
  const { database, provider, log, at } = deps;
  // Without a webhook secret this server has no Stripe endpoint: a client error, not a server fault.
  if (!hasStripeWebhook(provider)) {
    throw new AppError('not_found', 'Stripe webhooks are not configured on this server.');
  }
  if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
    throw new AppError('bad_request', 'Missing Stripe signature.');
  }
  let event: Stripe.Event;
  try {
    event = provider.constructEvent(body, signature);
  } catch {
    throw new AppError('bad_request', 'Invalid Stripe signature.');
  }
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    const session = event.data.object;
    // An asynchronous payment (bank debit) completes later with async_payment_succeeded.
    if (session.payment_status === 'unpaid') return;
    const orderId = session.metadata?.order_id ?? session.client_reference_id;
    if (!orderId) return;
    const reference = session.subscription ?? session.payment_intent;
    const subscription = session.subscription;
    const result = await completeCheckout(
      database,
      {
        eventId: event.id,
        provider: 'stripe',
        orderId,
        providerSessionId: session.id,
        customerEmail: session.customer_details?.email ?? null,
        reference: typeof reference === 'string' ? reference : (reference?.id ?? null),
        subscriptionId: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
      },
      at,
    );
    if (result === 'unknown_order') log.warn({ orderId, eventId: event.id }, 'webhook for an unknown order');
  }
  if (event.type === 'invoice.paid') {
    const invoice = event.data.object;
    const subscription = invoice.parent?.subscription_details?.subscription;
    const subscriptionId = typeof subscription === 'string' ? subscription : subscription?.id;
    // The first invoice is the checkout itself (recorded above); later ones are renewals.
    if (subscriptionId && invoice.billing_reason === 'subscription_cycle' && invoice.amount_paid > 0) {
      const periodEnd = invoice.lines.data[0]?.period?.end ?? invoice.period_end;
      const result = await recordRenewal(database, {
        eventId: event.id,
        subscriptionId,
        amountPaidCents: invoice.amount_paid,
        periodEnd: new Date(periodEnd * 1000),
        reference: invoice.id ?? null,
      });
      if (result === 'unknown_order') log.warn({ subscriptionId }, 'renewal for an unknown subscription');
    }
  }
  if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
    const state = subscriptionState(event.data.object, event.type === 'customer.subscription.deleted');
    const result = await recordSubscriptionChange(database, { eventId: event.id, type: event.type, state });
    if (result === 'unknown_order')
      log.warn({ subscriptionId: state.providerSubscriptionId }, 'change of an unknown subscription');
  }
  if (event.type === 'checkout.session.expired') {
    const orderId = event.data.object.metadata?.order_id ?? event.data.object.client_reference_id;
    if (orderId) await database.withPlatform((tx) => expireOrder(tx, orderId));
  }
}

/** The offline test checkout's order behind an unguessable session id (only orders it created). */
export async function findTestCheckoutOrder(database: Database, sessionId: string) {
  const order = await database.withPlatform((tx) => findOrderBySession(tx, sessionId));
  return order?.provider === 'offline' ? order : undefined;
}

/** Cancelling closes the session like an expired Stripe session: it can no longer be paid. */
export async function cancelTestCheckout(database: Database, order: CheckoutOrder): Promise<void> {
  await database.withPlatform((tx) => expireOrder(tx, order.id));
}

export type TestPayment = { isPaid: true } | { isPaid: false; status: 400 | 402 | 409; error: string };

/**
 * The offline test checkout's card rules: the published success card pays the order (as Stripe's
 * completed event would), the published declined card and any other number are refused.
 */
export async function payTestCheckout(
  database: Database,
  order: CheckoutOrder,
  input: { sessionId: string; cardNumber: string; email: string; at: Date },
): Promise<TestPayment> {
  const digits = input.cardNumber.replace(/[\s-]/g, '');
  if (order.status !== 'open')
    return { isPaid: false, status: 409, error: 'This checkout is no longer open.' };
  if (input.email && !z.email().safeParse(input.email).success)
    return { isPaid: false, status: 400, error: 'Enter a valid email address or leave it empty.' };
  if (digits === testCards.declined)
    return {
      isPaid: false,
      status: 402,
      error: 'Your card was declined. No payment was taken — try another card.',
    };
  if (digits !== testCards.success)
    return {
      isPaid: false,
      status: 400,
      error: 'This test checkout accepts only the test cards listed below.',
    };
  await completeCheckout(
    database,
    {
      eventId: `evt_offline_${input.sessionId}`,
      provider: 'offline',
      orderId: order.id,
      providerSessionId: input.sessionId,
      customerEmail: input.email || null,
      reference: `pay_offline_${input.sessionId.slice(-12)}`,
      // The offline checkout does not renew by itself: there is no provider subscription.
      subscriptionId: null,
    },
    input.at,
  );
  return { isPaid: true };
}
