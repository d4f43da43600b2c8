import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantIdentityColumn, workspaceIdColumn } from './columns.js';

export const checkoutOrders = pgTable('checkout_orders', {
  id: text('id').primaryKey(),
  provider: text('provider').$type<'stripe' | 'offline'>().notNull(),
  providerSessionId: text('provider_session_id'),
  providerSubscriptionId: text('provider_subscription_id'),
  kind: text('kind').$type<'card_product' | 'local_business' | 'reoss' | 'package'>().notNull(),
  selection: jsonb('selection').$type<Record<string, unknown>>().notNull(),
  lines: jsonb('lines').$type<CheckoutLineRecord[]>().notNull(),
  recurringCents: bigint('recurring_cents', { mode: 'number' }).notNull(),
  oneTimeCents: bigint('one_time_cents', { mode: 'number' }).notNull(),
  buyerWorkspaceId: bigint('buyer_workspace_id', { mode: 'number' }),
  buyerUserId: bigint('buyer_user_id', { mode: 'number' }),
  status: text('status').$type<'open' | 'completed' | 'expired'>().notNull().default('open'),
  customerEmail: text('customer_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

export interface CheckoutLineRecord {
  name: string;
  amountCents: number;
  isRecurring: boolean;
  /** A provider price id when the line is an existing provider price (card-provider page). */
  priceId?: string;
}

export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payments = pgTable(
  'payments',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    orderId: text('order_id'),
    description: text('description').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    recurringCents: bigint('recurring_cents', { mode: 'number' }).notNull().default(0),
    oneTimeCents: bigint('one_time_cents', { mode: 'number' }).notNull().default(0),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    customerEmail: text('customer_email'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const products = pgTable(
  'products',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    websiteId: integer('website_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    billing: text('billing').$type<'one_time' | 'monthly' | 'yearly'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
