import { AppError } from '@domain/app-error';
import type {
  ChangePlanBody,
  PlanChange,
  PlatformPlan,
  SubscriptionStatus,
  WorkspaceSubscription,
} from '@domain/billing/subscription-schemas';
import { serverMessage } from '@domain/messages';
import { type AddonId, addonById, isAddonId } from '@domain/pricing/addons';
import { customPackageTotalCents } from '@domain/pricing/custom-package';
import { exposureLevels, localAddons } from '@domain/pricing/local-business';
import { formatDollars } from '@domain/pricing/money';
import { basePlans, type PlanId, planById, planIds } from '@domain/pricing/plans';
import { reossAddons, reossTiers } from '@domain/pricing/reoss';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import type { PaymentsProvider } from '../../providers/payments/payments-provider.js';
import { recordActivity } from '../activities/index.js';
import { listMembers } from '../members/index.js';
import { recordPayment } from '../payments/index.js';
import {
  findPlatformSubscription,
  insertSubscription,
  listSubscriptions,
  lockDueSubscriptions,
  lockPlatformSubscription,
  lockProviderSubscription,
  lockSubscription,
  renewProviderSubscription,
  type SubscriptionChange,
  type SubscriptionRow,
  updateSubscription,
  workspacesWithDueSubscriptions,
} from './store.js';

/** The moment and the provider a billing change works with (`now(deps)` and `deps.payments`). */
export interface BillingContext {
  tx: Tx;
  provider: PaymentsProvider;
  at: Date;
}

/** A month on from `from`, on the same day of the month or the month's last day (as Stripe bills). */
export function oneMonthAfter(from: Date): Date {
  const next = new Date(from);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return next;
}

/** What the platform plan with these add-ons costs a month and how many users it allows. */
function platformPackage(planId: PlanId, addonIds: readonly AddonId[]) {
  return { priceCents: customPackageTotalCents(planId, addonIds), seats: planById(planId).limits.users };
}

const isPlanId = (id: unknown): id is PlanId => planIds.some((p) => p === id);

/** The plan, tier or exposure level's catalogue name (English; the client translates it). */
function planNameOf(row: SubscriptionRow): string {
  const catalogue = row.kind === 'platform' ? basePlans : row.kind === 'reoss' ? reossTiers : exposureLevels;
  return catalogue.find((entry) => entry.id === row.plan)?.name ?? row.plan;
}

/** Recurring add-ons only: a one-time one was charged with the order and is not part of the renewal. */
function addonsOf(row: SubscriptionRow) {
  if (row.kind === 'platform') {
    return row.addons.filter(isAddonId).map((id) => {
      const addon = addonById(id);
      return { id: addon.id, name: addon.name, priceCents: addon.priceCents };
    });
  }
  const catalogue: { id: string; name: string; priceCents: number; billing: string }[] =
    row.kind === 'reoss' ? [...reossAddons] : localAddons.map((a) => ({ ...a, id: a.key }));
  return catalogue
    .filter((a) => a.billing === 'monthly' && row.addons.includes(a.id))
    .map((a) => ({ id: a.id, name: a.name, priceCents: a.priceCents }));
}

/** A subscription set to cancel has ended once its period is over, whether or not anyone wrote that down. */
function statusAt(row: SubscriptionRow, at: Date): SubscriptionStatus {
  if (row.cancelAtPeriodEnd && row.currentPeriodEnd && row.currentPeriodEnd <= at) return 'canceled';
  return row.status;
}

function toSubscription(row: SubscriptionRow, at: Date): WorkspaceSubscription {
  return {
    id: row.id,
    kind: row.kind,
    plan: row.plan,
    planName: planNameOf(row),
    addons: addonsOf(row),
    seats: row.seats,
    priceCents: row.priceCents,
    interval: row.interval,
    status: statusAt(row, at),
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    creditCents: row.creditCents,
    limits: row.kind === 'platform' && isPlanId(row.plan) ? limitsOf(row, row.plan, at) : null,
  };
}

/**
 * The product has no free tier: a platform plan that ended leaves the smallest plan's limits (the
 * workspace's copy says the same, see migration 1201) until the workspace subscribes again.
 */
const endedPlanLimits = planById('starter').limits;
function limitsOf(row: SubscriptionRow, plan: PlanId, at: Date) {
  return statusAt(row, at) === 'canceled' ? endedPlanLimits : planById(plan).limits;
}

export async function listWorkspaceSubscriptions(tx: Tx, at: Date): Promise<WorkspaceSubscription[]> {
  return (await listSubscriptions(tx)).map((row) => toSubscription(row, at));
}

/** The platform plan: the workspace's limits come from here and from nothing else. */
export async function platformPlan(tx: Tx, at: Date): Promise<PlatformPlan> {
  const row = await findPlatformSubscription(tx);
  if (!row || !isPlanId(row.plan)) throw new AppError('not_found', serverMessage('auth.workspaceNotFound'));
  const subscription = toSubscription(row, at);
  return {
    id: row.id,
    plan: row.plan,
    planName: subscription.planName,
    planPriceCents: planById(row.plan).priceCents,
    priceCents: row.priceCents,
    addons: subscription.addons,
    seats: row.seats,
    subscriptionStatus: subscription.status,
    trialEndsAt: subscription.trialEndsAt,
    renewsAt: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    limits: limitsOf(row, row.plan, at),
  };
}

/** A new workspace's platform subscription: the plan picked at sign-up, on trial, nothing paid yet. */
export async function openPlatformSubscription(
  tx: Tx,
  options: { planId: PlanId; addonIds: readonly AddonId[]; trialEndsAt: Date },
): Promise<void> {
  const addonIds = [...new Set(options.addonIds)];
  await insertSubscription(tx, {
    kind: 'platform',
    plan: options.planId,
    addons: addonIds,
    ...platformPackage(options.planId, addonIds),
    status: 'trialing',
    trialEndsAt: options.trialEndsAt,
  });
}

/** A checkout order that was paid, as fulfilment hands it over. */
export interface PaidOrder {
  id: string;
  kind: 'card_product' | 'local_business' | 'reoss' | 'package';
  selection: Record<string, unknown>;
  recurringCents: number;
  provider: 'stripe' | 'offline';
  providerSubscriptionId: string | null;
}

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * What a paid order subscribes the workspace to: the platform plan (a package, or a card product linked
 * to a plan or add-on) changes the platform row; a REOSS membership or a listing is a row of its own, with
 * its own seats, and leaves the platform plan and its limits as they were.
 */
export async function subscribeForOrder(tx: Tx, order: PaidOrder, at: Date): Promise<void> {
  if (order.recurringCents === 0) return;
  const paid = {
    status: 'active' as const,
    currentPeriodStart: at,
    currentPeriodEnd: oneMonthAfter(at),
    cancelAtPeriodEnd: false,
    provider: order.provider,
    providerSubscriptionId: order.providerSubscriptionId,
    orderId: order.id,
  };
  const { selection } = order;
  if (order.kind === 'reoss') {
    const tier = reossTiers.find((t) => t.id === selection.tier);
    if (!tier) return;
    await insertSubscription(tx, {
      kind: 'reoss',
      plan: tier.id,
      addons: stringsOf(selection.reossAddons).filter((id) =>
        reossAddons.some((a) => a.id === id && a.billing === 'monthly'),
      ),
      seats: tier.seats,
      priceCents: order.recurringCents,
      ...paid,
    });
    return;
  }
  if (order.kind === 'local_business') {
    const chosen = (selection.addons ?? {}) as Record<string, unknown>;
    await insertSubscription(tx, {
      kind: 'local_business',
      plan: String(selection.exposureLevel),
      addons: localAddons.filter((a) => a.billing === 'monthly' && chosen[a.key] === true).map((a) => a.key),
      seats: null,
      priceCents: order.recurringCents,
      ...paid,
    });
    return;
  }
  const planId = isPlanId(selection.planId) ? selection.planId : undefined;
  const addonIds = stringsOf(selection.addonIds).filter(isAddonId);
  if (!planId && addonIds.length === 0) return;
  const platform = await lockPlatformSubscription(tx);
  if (!platform || !isPlanId(platform.plan)) return;
  // The dashboard's package is the whole platform subscription; a card product adds to it (to the
  // no-plan state's Starter without add-ons once the plan has ended).
  const ended = statusAt(platform, at) === 'canceled';
  const nextAddons =
    order.kind === 'package' || ended
      ? addonIds
      : [...new Set([...platform.addons.filter(isAddonId), ...addonIds])];
  const nextPlan = planId ?? (ended ? 'starter' : platform.plan);
  await updateSubscription(tx, platform.id, {
    plan: nextPlan,
    addons: nextAddons.sort(),
    ...platformPackage(nextPlan, nextAddons),
    creditCents: 0,
    ...paid,
  });
}

/** A paid renewal invoice of a provider subscription: its next period. */
export { renewProviderSubscription as renewSubscription };

async function lockRunning(ctx: BillingContext, id: number): Promise<SubscriptionRow> {
  const row = await lockSubscription(ctx.tx, id);
  if (!row) throw new AppError('not_found', serverMessage('billing.subscriptionNotFound'));
  const status = statusAt(row, ctx.at);
  if (status === 'trialing') throw new AppError('conflict', serverMessage('billing.trialNotPaid'));
  if (status === 'canceled') throw new AppError('conflict', serverMessage('billing.subscriptionEnded'));
  // A subscription is changed by the provider that bills it; the offline one bills what has no provider.
  if ((row.provider ?? 'offline') !== ctx.provider.kind) {
    throw new AppError(
      'unavailable',
      serverMessage('billing.providerNotConfigured', { provider: row.provider ?? 'offline' }),
    );
  }
  return row;
}

/** The provider's failure as the user reads it: nothing changed, try again. The cause goes to the log. */
async function atProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('unavailable', serverMessage('billing.providerFailed'), {
      internal: `payment provider refused the change: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

const packageName = (planId: PlanId, addonIds: readonly AddonId[]) =>
  [`${planById(planId).name} plan`, ...addonIds.map((id) => addonById(id).name)].join(', ');

/**
 * Upgrade or downgrade of the platform plan (and its add-ons) through the provider, with proration. The
 * offline provider works the proration out here and now: the difference is charged as a payment, and a
 * downgrade's unused time is kept as credit against the next charge. Stripe bills it on its next invoice.
 */
export async function changePlan(ctx: BillingContext, id: number, body: ChangePlanBody): Promise<PlanChange> {
  const addonIds = [...new Set(body.addonIds)].sort();
  const next = platformPackage(body.planId, addonIds);
  if (body.totalCents !== next.priceCents) {
    throw new AppError('bad_request', serverMessage('payments.priceOutdated'), {
      issues: [
        { path: 'totalCents', message: `is ${body.totalCents} but the current price is ${next.priceCents}` },
      ],
    });
  }
  const row = await lockRunning(ctx, id);
  if (row.kind !== 'platform' || !isPlanId(row.plan))
    throw new AppError('conflict', serverMessage('billing.onlyPlatformPlan'));
  const current = row.addons.filter(isAddonId).sort();
  if (body.planId === row.plan && current.join() === addonIds.join())
    throw AppError.badRequest('planId', serverMessage('billing.samePlan'));
  const users = planById(body.planId).limits.users;
  const members = (await listMembers(ctx.tx)).length;
  if (users !== null && members > users) {
    throw AppError.badRequest(
      'planId',
      serverMessage('billing.tooManyMembers', { plan: body.planId, users, members }),
    );
  }

  const changed = await atProvider(() =>
    ctx.provider.changeSubscriptionPrice({
      providerSubscriptionId: row.providerSubscriptionId,
      name: packageName(body.planId, addonIds),
      amountCents: next.priceCents,
      previousAmountCents: row.priceCents,
      period:
        row.currentPeriodStart && row.currentPeriodEnd
          ? { start: row.currentPeriodStart, end: row.currentPeriodEnd }
          : null,
      at: ctx.at,
    }),
  );
  let proration: PlanChange['proration'] = null;
  let creditCents = row.creditCents;
  if (changed.proration) {
    const owed = changed.proration.creditCents + row.creditCents;
    const chargedCents = Math.max(changed.proration.chargeCents - owed, 0);
    creditCents = Math.max(owed - changed.proration.chargeCents, 0);
    proration = { ...changed.proration, chargedCents, creditBalanceCents: creditCents };
    if (chargedCents > 0) {
      await recordPayment(ctx.tx, {
        orderId: null,
        description: `Prorated change: ${packageName(row.plan, current)} to ${packageName(body.planId, addonIds)}`,
        amountCents: chargedCents,
        recurringCents: chargedCents,
        oneTimeCents: 0,
        provider: ctx.provider.kind,
        providerReference: null,
        customerEmail: null,
      });
    }
  }
  const updated = await updateSubscription(ctx.tx, row.id, {
    plan: body.planId,
    addons: addonIds,
    ...next,
    creditCents,
    ...(changed.currentPeriodEnd ? { currentPeriodEnd: changed.currentPeriodEnd } : {}),
  });
  await recordActivity(
    ctx.tx,
    'plan_changed',
    serverMessage('activity.planChanged', {
      from: row.plan,
      to: body.planId,
      amount: formatDollars(next.priceCents),
    }),
  );
  return { subscription: toSubscription(updated, ctx.at), proration };
}

/** Cancel at the end of the period through the provider, or, while the period runs, keep it after all. */
export async function setCancelAtPeriodEnd(
  ctx: BillingContext,
  id: number,
  cancelAtPeriodEnd: boolean,
): Promise<WorkspaceSubscription> {
  const row = await lockRunning(ctx, id);
  if (row.cancelAtPeriodEnd === cancelAtPeriodEnd) return toSubscription(row, ctx.at);
  const done = await atProvider(() =>
    ctx.provider.setCancelAtPeriodEnd({
      providerSubscriptionId: row.providerSubscriptionId,
      cancelAtPeriodEnd,
    }),
  );
  const updated = await updateSubscription(ctx.tx, row.id, {
    cancelAtPeriodEnd,
    ...(done.currentPeriodEnd ? { currentPeriodEnd: done.currentPeriodEnd } : {}),
  });
  await recordActivity(
    ctx.tx,
    cancelAtPeriodEnd ? 'subscription_cancelling' : 'subscription_kept',
    serverMessage(cancelAtPeriodEnd ? 'activity.subscriptionCancelling' : 'activity.subscriptionKept', {
      kind: row.kind,
    }),
  );
  return toSubscription(updated, ctx.at);
}

/** The end of the period after the one that ends at `from`. */
function nextPeriodEnd(from: Date, interval: SubscriptionRow['interval']): Date {
  let end = oneMonthAfter(from);
  if (interval === 'year') for (let month = 1; month < 12; month += 1) end = oneMonthAfter(end);
  return end;
}

const renewalDescription = (row: SubscriptionRow) =>
  `Renewal: ${row.kind === 'platform' && isPlanId(row.plan) ? packageName(row.plan, row.addons.filter(isAddonId)) : planNameOf(row)}`;

/** Ends a subscription whose provider or period says it is over; the platform row's copy follows. */
async function endSubscription(tx: Tx, row: SubscriptionRow, change: SubscriptionChange = {}) {
  await updateSubscription(tx, row.id, { ...change, status: 'canceled' });
  await recordActivity(
    tx,
    'subscription_ended',
    serverMessage('activity.subscriptionEnded', { kind: row.kind }),
  );
}

/**
 * The offline provider bills nothing by itself, so its renewal is made here: each period that is over
 * is one renewal payment (after any credit a downgrade left), and the period moves on.
 */
async function renewOffline(tx: Tx, row: SubscriptionRow, at: Date) {
  let start = row.currentPeriodStart;
  let end = row.currentPeriodEnd;
  let creditCents = row.creditCents;
  while (end && end <= at) {
    const spent = Math.min(creditCents, row.priceCents);
    creditCents -= spent;
    const amountCents = row.priceCents - spent;
    const description = renewalDescription(row);
    if (amountCents > 0) {
      await recordPayment(tx, {
        orderId: null,
        description,
        amountCents,
        recurringCents: amountCents,
        oneTimeCents: 0,
        provider: 'offline',
        providerReference: null,
        customerEmail: null,
      });
      await recordActivity(
        tx,
        'payment_received',
        serverMessage('activity.paymentReceived', { amount: formatDollars(amountCents), description }),
      );
    }
    start = end;
    end = nextPeriodEnd(end, row.interval);
  }
  await updateSubscription(tx, row.id, { currentPeriodStart: start, currentPeriodEnd: end, creditCents });
}

/**
 * The period sweep (a pg-boss schedule, once across all processes): every subscription set to cancel
 * whose period is over ends, and an offline one that was not cancelled renews. Each workspace's due rows
 * are locked and read again in its own transaction, so a second run, a concurrent one or a run after a
 * kill -9 (which rolled the unfinished transaction back) finds nothing left to do.
 */
export async function endOrRenewDueSubscriptions(deps: Pick<AppDeps, 'database' | 'clock'>) {
  const at = now(deps);
  const workspaceIds = await deps.database.withPlatform((tx) => workspacesWithDueSubscriptions(tx, at));
  let ended = 0;
  let renewed = 0;
  for (const workspaceId of workspaceIds) {
    await deps.database.withWorkspace(workspaceId, async (tx) => {
      for (const row of await lockDueSubscriptions(tx, at)) {
        if (row.cancelAtPeriodEnd) {
          await endSubscription(tx, row);
          ended += 1;
        } else {
          await renewOffline(tx, row, at);
          renewed += 1;
        }
      }
    });
  }
  return { ended, renewed };
}

/** What Stripe says a subscription is now (`customer.subscription.updated` or `.deleted`). */
export interface ProviderSubscriptionState {
  providerSubscriptionId: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
}

/**
 * A change made at the provider (its dashboard, a failed payment, the end of a cancelled period) reaches
 * the row, in the workspace's transaction. An ended subscription stays ended: a provider never revives
 * one (subscribing again makes a new one), so a late, out-of-order event cannot either.
 */
export async function applyProviderSubscription(tx: Tx, state: ProviderSubscriptionState): Promise<boolean> {
  const row = await lockProviderSubscription(tx, state.providerSubscriptionId);
  if (!row || row.status === 'canceled') return false;
  const change: SubscriptionChange = {
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    ...(state.currentPeriodStart ? { currentPeriodStart: state.currentPeriodStart } : {}),
    ...(state.currentPeriodEnd ? { currentPeriodEnd: state.currentPeriodEnd } : {}),
  };
  if (state.status === 'canceled') {
    await endSubscription(tx, row, change);
  } else {
    await updateSubscription(tx, row.id, { ...change, status: state.status });
    if (row.cancelAtPeriodEnd !== state.cancelAtPeriodEnd) {
      await recordActivity(
        tx,
        state.cancelAtPeriodEnd ? 'subscription_cancelling' : 'subscription_kept',
        serverMessage(
          state.cancelAtPeriodEnd ? 'activity.subscriptionCancelling' : 'activity.subscriptionKept',
          { kind: row.kind },
        ),
      );
    }
  }
  return true;
}
