import type { RevenueSummary } from '@domain/payments/payment-schemas';
import { divideRounded } from '@domain/pricing/rounding';
import type { Tx } from '../../db/database.js';
import { insertPayment, listPayments, paymentsBetween, revenueTotals } from './store.js';

/** Who paid (by email) and for how many distinct products: the catalogue's cross-sell rate reads it. */
export { countProductsByEmail } from './store.js';

/** What checkout fulfilment and plan changes write here: a payment received. */
export { insertPayment as recordPayment };

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
