import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { checkoutOrders, paymentEvents } from '../../db/schema/payments.js';

export type CheckoutOrder = typeof checkoutOrders.$inferSelect;
export type NewCheckoutOrder = typeof checkoutOrders.$inferInsert;

export async function insertOrder(tx: Tx, order: NewCheckoutOrder): Promise<void> {
  await tx.insert(checkoutOrders).values(order);
}

export async function findOrder(tx: Tx, orderId: string): Promise<CheckoutOrder | undefined> {
  const [row] = await tx.select().from(checkoutOrders).where(eq(checkoutOrders.id, orderId));
  return row;
}

/** Marks an open order completed; returns it only for the caller that made the transition. */
export async function completeOrder(
  tx: Tx,
  orderId: string,
  customerEmail: string | null,
  providerSubscriptionId: string | null,
): Promise<CheckoutOrder | undefined> {
  const [row] = await tx
    .update(checkoutOrders)
    .set({ status: 'completed', completedAt: new Date(), customerEmail, providerSubscriptionId })
    .where(and(eq(checkoutOrders.id, orderId), eq(checkoutOrders.status, 'open')))
    .returning();
  return row;
}

/** Records a provider event id; false when it was already handled (a replay). */
export async function claimEvent(tx: Tx, id: string, provider: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({ id, provider, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}

export async function findOrderBySession(
  tx: Tx,
  providerSessionId: string,
): Promise<CheckoutOrder | undefined> {
  const [row] = await tx
    .select()
    .from(checkoutOrders)
    .where(eq(checkoutOrders.providerSessionId, providerSessionId));
  return row;
}

/** A provider session that expired unpaid closes its order; a paid order is never reopened. */
export async function expireOrder(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(checkoutOrders)
    .set({ status: 'expired' })
    .where(and(eq(checkoutOrders.id, orderId), eq(checkoutOrders.status, 'open')));
}

export async function findOrderBySubscription(
  tx: Tx,
  subscriptionId: string,
): Promise<CheckoutOrder | undefined> {
  const [row] = await tx
    .select()
    .from(checkoutOrders)
    .where(eq(checkoutOrders.providerSubscriptionId, subscriptionId));
  return row;
}
