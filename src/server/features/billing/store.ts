import { and, asc, eq, lte, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { subscriptions } from '../../db/schema/billing.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type SubscriptionChange = Partial<Omit<NewSubscription, 'id' | 'workspaceId' | 'kind'>>;

export async function insertSubscription(tx: Tx, values: NewSubscription): Promise<SubscriptionRow> {
  const [row] = await tx.insert(subscriptions).values(values).returning();
  if (row.kind === 'platform') await mirrorPlatformSubscription(tx);
  return row;
}

/**
 * The workspace row copies its platform subscription (plan, add-ons, status, trial end: the limits read it),
 * after every write of one, in the same transaction (ADR 0013).
 */
async function mirrorPlatformSubscription(tx: Tx): Promise<void> {
  await tx.execute(sql`select app_copy_platform_subscription()`);
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
  if (row?.kind === 'platform') await mirrorPlatformSubscription(tx);
  return row;
}

/** A paid renewal of the provider subscription: the next period, and running again. */
export async function renewProviderSubscription(
  tx: Tx,
  providerSubscriptionId: string,
  periodEnd: Date,
): Promise<void> {
  const renewed = await tx
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
    )
    .returning({ kind: subscriptions.kind });
  if (renewed.some((r) => r.kind === 'platform')) await mirrorPlatformSubscription(tx);
}

/** Workspaces with a subscription whose period is over and that ends or renews (one query, any workspace). */
export async function workspacesWithDueSubscriptions(tx: Tx, at: Date): Promise<number[]> {
  const { rows } = await tx.execute<{ workspace_id: string }>(
    sql`select workspace_id from app_subscriptions_due(${at.toISOString()}::timestamptz)`,
  );
  return rows.map((r) => Number(r.workspace_id));
}

/**
 * This workspace's subscriptions that are due at `at`, locked: a second sweep (or a webhook) waits, then
 * finds them no longer due, so ending or renewing happens once.
 */
export async function lockDueSubscriptions(tx: Tx, at: Date): Promise<SubscriptionRow[]> {
  return tx
    .select()
    .from(subscriptions)
    .where(
      and(
        lte(subscriptions.currentPeriodEnd, at),
        ne(subscriptions.status, 'canceled'),
        or(
          eq(subscriptions.cancelAtPeriodEnd, true),
          and(eq(subscriptions.provider, 'offline'), eq(subscriptions.status, 'active')),
        ),
      ),
    )
    .orderBy(asc(subscriptions.id))
    .for('update');
}

/** The subscription a provider bills under this id, locked (a webhook's change waits for a sweep). */
export async function lockProviderSubscription(
  tx: Tx,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .for('update');
  return row;
}
