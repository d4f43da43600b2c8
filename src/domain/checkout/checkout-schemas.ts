import { z } from 'zod';

/** GET /api/stripe/products: a product of the payment provider's catalogue, with its prices. */
export const providerProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  prices: z.array(
    z.object({
      id: z.string(),
      unit_amount: z.number().int(),
      currency: z.string(),
      interval: z.enum(['day', 'week', 'month', 'year']).nullable(),
    }),
  ),
});
export type ProviderProduct = z.infer<typeof providerProductSchema>;

/** POST /api/stripe/create-checkout-session: one provider price, from the card pricing page. */
export const cardCheckoutSchema = z.object({ priceId: z.string().min(1).max(255) });
export type CardCheckoutBody = z.infer<typeof cardCheckoutSchema>;

/** Where the browser goes to pay (card and package checkouts). */
export const checkoutUrlSchema = z.object({ url: z.string() });
/** The same for the local-business and REOSS checkouts, whose answer the spec names `checkout_url`. */
export const checkoutUrlSnakeSchema = z.object({ checkout_url: z.string() });

export const webhookReceivedSchema = z.object({ received: z.boolean() });
