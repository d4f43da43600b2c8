import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { RevenueSummary } from '@domain/payments/payment-schemas';
import { addonById, isAddonId } from '@domain/pricing/addons';
import { planById } from '@domain/pricing/plans';
import { divideRounded } from '@domain/pricing/rounding';
import type { Tx } from '../../db/database.js';
import {
  applySubscription,
  getSubscription,
  insertPayment,
  listPayments,
  paymentsBetween,
  revenueTotals,
  setRenewal,
} from './store.js';

/** Who paid (by email) and for how many distinct products: the catalogue's cross-sell rate reads it. */
export { countProductsByEmail } from './store.js';

/** What checkout fulfilment writes here: the payment received, the plan it buys, a renewal's new period. */
export {
  applySubscription as activateSubscription,
  insertPayment as recordPayment,
  setRenewal as extendSubscription,
};

function average(total: number, count: number): number {
  return count === 0 ? 0 : divideRounded(total, count);
}

/** Every revenue figure in the product comes from here: the dashboard, analytics and the payments panel. */
export async function summarizeRevenue(tx: Tx, now: Date = new Date()): Promise<RevenueSummary> {
  const r = await revenueTotals(tx, now);
  return {
    total: r.total,
    thisMonth: r.thisMonth,
    lastMonth: r.lastMonth,
    recurring: r.recurring,
    oneTime: r.oneTime,
    count: r.count,
    average: average(r.total, r.count),
    months: {
      current: {
        total: r.thisMonth,
        recurring: r.thisMonthRecurring,
        oneTime: r.thisMonthOneTime,
        count: r.thisMonthCount,
        average: average(r.thisMonth, r.thisMonthCount),
      },
      previous: {
        total: r.lastMonth,
        recurring: r.lastMonthRecurring,
        oneTime: r.lastMonthOneTime,
        count: r.lastMonthCount,
        average: average(r.lastMonth, r.lastMonthCount),
      },
    },
  };
}

/**
 * Revenue received in [from, to) in cents, and how many of `customerEmails` paid in it and how much
 * (the analytics funnel's payment step).
 */
export async function revenueBetween(
  tx: Tx,
  from: Date,
  to: Date,
  customerEmails: string[] = [],
): Promise<{ total: number; payers: number; payersAmount: number }> {
  return paymentsBetween(tx, from, to, customerEmails);
}

export const paymentListLimit = 100;

export async function listWorkspacePayments(tx: Tx) {
  const rows = await listPayments(tx, paymentListLimit);
  return rows.map((p) => ({
    id: p.id,
    description: p.description,
    amountCents: p.amountCents,
    recurringCents: p.recurringCents,
    oneTimeCents: p.oneTimeCents,
    provider: p.provider,
    customerEmail: p.customerEmail,
    paidAt: p.paidAt.toISOString(),
  }));
}

/** The workspace's plan, add-ons, seats, trial and renewal, with the plan's limits, for settings and billing. */
export async function billingSubscription(tx: Tx) {
  const row = await getSubscription(tx);
  if (!row) throw new AppError('not_found', serverMessage('auth.workspaceNotFound'));
  const plan = planById(row.plan);
  return {
    plan: plan.id,
    planName: plan.name,
    planPriceCents: plan.priceCents,
    addons: row.addons.filter(isAddonId).map((id) => {
      const addon = addonById(id);
      return { id: addon.id, name: addon.name, priceCents: addon.priceCents };
    }),
    seats: row.seats,
    subscriptionStatus: row.subscriptionStatus,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    renewsAt: row.renewsAt?.toISOString() ?? null,
    limits: plan.limits,
  };
}
