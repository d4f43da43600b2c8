import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { subscriptions } from '../../db/schema/billing.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type SubscriptionChange = Partial<Omit<NewSubscription, 'id' | 'workspaceId' | 'kind'>>;

export async function insertSubscription(tx: Tx, values: NewSubscription): Promise<SubscriptionRow> {
  const [row] = await tx.insert(subscriptions).values(values).returning();
  return row;
}

/** The platform plan first, then the others in the order they were bought. */
export async function listSubscriptions(tx: Tx): Promise<SubscriptionRow[]> {
  return tx
    .select()
    .from(subscriptions)
    .orderBy(sql`${subscriptions.kind} <> 'platform'`, asc(subscriptions.id));
}

export async function findPlatformSubscription(tx: Tx): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.kind, 'platform'));
  return row;
}

/** Locked until the transaction ends: two changes of one subscription run one after the other. */
export async function lockSubscription(tx: Tx, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

export async function lockPlatformSubscription(tx: Tx): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.kind, 'platform')).for('update');
  return row;
}

export async function updateSubscription(
  tx: Tx,
  id: number,
  change: SubscriptionChange,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning();
  return row;
}

/** A paid renewal of the provider subscription: the next period, and running again. */
export async function renewProviderSubscription(
  tx: Tx,
  providerSubscriptionId: string,
  periodEnd: Date,
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      status: 'active',
      currentPeriodStart: sql`coalesce(${subscriptions.currentPeriodEnd}, now())`,
      currentPeriodEnd: periodEnd,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
        sql`${subscriptions.status} <> 'canceled'`,
      ),
    );
}
