import { desc, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { payments } from '../../db/schema/payments.js';

export type Payment = typeof payments.$inferSelect;

export async function insertPayment(tx: Tx, payment: typeof payments.$inferInsert): Promise<Payment> {
  const [row] = await tx.insert(payments).values(payment).returning();
  return row;
}

export async function listPayments(tx: Tx, limit: number): Promise<Payment[]> {
  return tx.select().from(payments).orderBy(desc(payments.paidAt), desc(payments.id)).limit(limit);
}

export interface RevenueRow {
  total: number;
  recurring: number;
  oneTime: number;
  count: number;
  thisMonth: number;
  thisMonthRecurring: number;
  thisMonthOneTime: number;
  thisMonthCount: number;
  lastMonth: number;
  lastMonthRecurring: number;
  lastMonthOneTime: number;
  lastMonthCount: number;
}

/** One pass over the workspace's payments; months are calendar months in UTC. */
export async function revenueTotals(tx: Tx, now: Date): Promise<RevenueRow> {
  const thisMonthStart = sql`date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC'`;
  const lastMonthStart = sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') - interval '1 month') at time zone 'UTC'`;
  const inThisMonth = sql`${payments.paidAt} >= ${thisMonthStart}`;
  const inLastMonth = sql`${payments.paidAt} >= ${lastMonthStart} and ${payments.paidAt} < ${thisMonthStart}`;
  const sumIf = (column: unknown, condition: unknown) =>
    sql<number>`coalesce(sum(${column}) filter (where ${condition}), 0)::bigint`;
  const [row] = await tx
    .select({
      total: sql<number>`coalesce(sum(${payments.amountCents}), 0)::bigint`,
      recurring: sql<number>`coalesce(sum(${payments.recurringCents}), 0)::bigint`,
      oneTime: sql<number>`coalesce(sum(${payments.oneTimeCents}), 0)::bigint`,
      count: sql<number>`count(*)::int`,
      thisMonth: sumIf(payments.amountCents, inThisMonth),
      thisMonthRecurring: sumIf(payments.recurringCents, inThisMonth),
      thisMonthOneTime: sumIf(payments.oneTimeCents, inThisMonth),
      thisMonthCount: sql<number>`(count(*) filter (where ${inThisMonth}))::int`,
      lastMonth: sumIf(payments.amountCents, inLastMonth),
      lastMonthRecurring: sumIf(payments.recurringCents, inLastMonth),
      lastMonthOneTime: sumIf(payments.oneTimeCents, inLastMonth),
      lastMonthCount: sql<number>`(count(*) filter (where ${inLastMonth}))::int`,
    })
    .from(payments);
  return row;
}

/** Payments received in [from, to): their sum, and of `emails`, how many paid and how much. */
export async function paymentsBetween(tx: Tx, from: Date, to: Date, emails: string[]) {
  const [row] = await tx
    .select({
      total: sql<number>`coalesce(sum(${payments.amountCents}), 0)::bigint`,
      payers: sql<number>`count(distinct ${payments.customerEmail}) filter (where ${payments.customerEmail} = any(${sql.param(emails)}::citext[]))::int`,
      payersAmount: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.customerEmail} = any(${sql.param(emails)}::citext[])), 0)::bigint`,
    })
    .from(payments)
    .where(
      sql`${payments.paidAt} >= ${from.toISOString()}::timestamptz and ${payments.paidAt} < ${to.toISOString()}::timestamptz`,
    );
  return row;
}

/** Each paying email (case-insensitive) and how many distinct products (payment descriptions) it paid for. */
export async function countProductsByEmail(tx: Tx): Promise<{ email: string; products: number }[]> {
  return tx
    .select({
      email: sql<string>`${payments.customerEmail}::text`,
      products: sql<number>`count(distinct ${payments.description})::int`,
    })
    .from(payments)
    .where(sql`${payments.customerEmail} is not null`)
    .groupBy(payments.customerEmail);
}
