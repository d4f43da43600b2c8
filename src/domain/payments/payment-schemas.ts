import { z } from 'zod';

/** GET /api/payments/provider: which provider takes payments here; keys arrive masked (prefix and last 4). */
export const providerStatusSchema = z.object({
  provider: z.enum(['stripe', 'offline']),
  mode: z.enum(['live', 'test', 'offline', 'disabled']),
  keys: z.object({ live: z.string().nullable(), test: z.string().nullable() }),
  webhookConfigured: z.boolean(),
});
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

/** POST /api/payments/test-connection (admins). */
export const connectionResultSchema = z.object({
  ok: z.boolean(),
  provider: z.enum(['stripe', 'offline']),
  message: z.string(),
  checkedAt: z.string(),
});
export type ConnectionResult = z.infer<typeof connectionResultSchema>;

/** Revenue in integer cents, from the recorded payments. */
export const monthRevenueSchema = z.object({
  total: z.number(),
  recurring: z.number(),
  oneTime: z.number(),
  count: z.number(),
  /** Average transaction, rounded to the cent; 0 without payments. */
  average: z.number(),
});
export type MonthRevenue = z.infer<typeof monthRevenueSchema>;

/** GET /api/payments/revenue: all-time figures at the top level, split by kind, and the last two months. */
export const revenueSummarySchema = monthRevenueSchema.extend({
  thisMonth: z.number(),
  lastMonth: z.number(),
  /** The current and previous calendar month (UTC), for "change versus last month". */
  months: z.object({ current: monthRevenueSchema, previous: monthRevenueSchema }),
});
export type RevenueSummary = z.infer<typeof revenueSummarySchema>;

/** GET /api/payments: one payment received. */
export const paymentRowSchema = z.object({
  id: z.number(),
  description: z.string(),
  amountCents: z.number(),
  recurringCents: z.number(),
  oneTimeCents: z.number(),
  provider: z.string(),
  customerEmail: z.string().nullable(),
  paidAt: z.string(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;
