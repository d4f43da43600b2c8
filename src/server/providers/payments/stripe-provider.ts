import Stripe from 'stripe';
import type {
  CheckoutSessionCreated,
  ConnectionCheck,
  CreateCheckoutRequest,
  MaskedKeys,
  PaymentsProvider,
  ProviderProduct,
  ResolvedPrice,
  SubscriptionPriceChange,
  SubscriptionPriceChanged,
} from './payments-provider.js';
import { maskSecret } from './payments-provider.js';

export interface StripeSettings {
  liveKey?: string;
  testKey?: string;
  webhookSecret?: string;
  /** Lets tests point the SDK at a local server that speaks the Stripe API. */
  apiUrl?: string;
}

export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const endpoint = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...(endpoint
      ? {
          host: endpoint.hostname,
          port: endpoint.port || (endpoint.protocol === 'https:' ? 443 : 80),
          protocol: endpoint.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** Since API version 2025-03-31 the period is per subscription item; all items share it here. */
function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const end = subscription.items.data[0]?.current_period_end;
  return end ? new Date(end * 1000) : null;
}

function subscriptionIdOf(id: string | null): string {
  if (!id) throw new Error('This subscription has no Stripe subscription to change');
  return id;
}

function productOf(price: Stripe.Price): Stripe.Product | null {
  return typeof price.product === 'object' && !('deleted' in price.product && price.product.deleted)
    ? (price.product as Stripe.Product)
    : null;
}

export class StripePaymentsProvider implements PaymentsProvider {
  readonly kind = 'stripe' as const;
  readonly mode: 'live' | 'test';
  readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    // The live key wins when both are set; the test key alone runs Stripe in test mode.
    const key = settings.liveKey ?? settings.testKey;
    if (!key) throw new Error('StripePaymentsProvider needs a secret key');
    this.mode = key.startsWith('sk_live_') ? 'live' : 'test';
    this.stripe = createStripeClient(key, settings.apiUrl);
  }

  async listProducts(): Promise<ProviderProduct[]> {
    const [products, prices] = await Promise.all([
      this.stripe.products.list({ active: true, limit: 100 }),
      this.stripe.prices.list({ active: true, limit: 100 }),
    ]);
    return products.data.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description ?? null,
      metadata: p.metadata ?? {},
      prices: prices.data
        .filter((price) => (typeof price.product === 'string' ? price.product : price.product.id) === p.id)
        .filter((price) => price.unit_amount !== null)
        .map((price) => ({
          id: price.id,
          unit_amount: price.unit_amount ?? 0,
          currency: price.currency,
          interval: price.recurring?.interval ?? null,
        })),
    }));
  }

  async findPrice(priceId: string): Promise<ResolvedPrice | null> {
    try {
      const price = await this.stripe.prices.retrieve(priceId, { expand: ['product'] });
      const product = productOf(price);
      if (!price.active || price.unit_amount === null || !product) return null;
      return {
        id: price.id,
        unitAmountCents: price.unit_amount,
        isRecurring: price.recurring !== null,
        productName: product.name,
        metadata: product.metadata ?? {},
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async createCheckoutSession(request: CreateCheckoutRequest): Promise<CheckoutSessionCreated> {
    const hasRecurring = request.lines.some((l) => l.isRecurring);
    const session = await this.stripe.checkout.sessions.create({
      // Recurring lines make a subscription; one-time lines ride along on its first invoice.
      mode: hasRecurring ? 'subscription' : 'payment',
      line_items: request.lines.map((line) =>
        line.priceId
          ? { price: line.priceId, quantity: 1 }
          : {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: line.amountCents,
                product_data: { name: line.name },
                ...(line.isRecurring ? { recurring: { interval: 'month' as const } } : {}),
              },
            },
      ),
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: request.orderId,
      metadata: { order_id: request.orderId },
      ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  /**
   * The first item takes the new price (an inline price of a product named for the package) and the other
   * items go: the package is one price from now on. Stripe prorates, and bills the prorations on the next
   * invoice.
   */
  async changeSubscriptionPrice(change: SubscriptionPriceChange): Promise<SubscriptionPriceChanged> {
    const id = subscriptionIdOf(change.providerSubscriptionId);
    const subscription = await this.stripe.subscriptions.retrieve(id);
    const [first, ...others] = subscription.items.data;
    if (!first) throw new Error(`Stripe subscription ${id} has no items`);
    const product = await this.stripe.products.create({ name: change.name });
    const updated = await this.stripe.subscriptions.update(id, {
      proration_behavior: 'create_prorations',
      items: [
        {
          id: first.id,
          price_data: {
            currency: 'usd',
            product: product.id,
            unit_amount: change.amountCents,
            recurring: { interval: 'month' },
          },
        },
        ...others.map((item) => ({ id: item.id, deleted: true })),
      ],
    });
    return { proration: null, currentPeriodEnd: periodEndOf(updated) };
  }

  async setCancelAtPeriodEnd(request: {
    providerSubscriptionId: string | null;
    cancelAtPeriodEnd: boolean;
  }): Promise<{ currentPeriodEnd: Date | null }> {
    const updated = await this.stripe.subscriptions.update(subscriptionIdOf(request.providerSubscriptionId), {
      cancel_at_period_end: request.cancelAtPeriodEnd,
    });
    return { currentPeriodEnd: periodEndOf(updated) };
  }

  async testConnection(): Promise<ConnectionCheck> {
    try {
      await this.stripe.balance.retrieve();
      return {
        ok: true,
        message: `Connected to Stripe: an authenticated balance read succeeded (${this.mode} mode).`,
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'unknown error';
      return { ok: false, message: `Stripe connection failed: ${reason}` };
    }
  }

  maskedKeys(): MaskedKeys {
    return { live: maskSecret(this.settings.liveKey), test: maskSecret(this.settings.testKey) };
  }

  /** Verifies the signature on the raw body; throws Stripe's signature error when it does not match. */
  constructEvent(rawBody: Buffer, signature: string): Stripe.Event {
    if (!this.settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
  }

  get hasWebhookSecret(): boolean {
    return Boolean(this.settings.webhookSecret);
  }
}

/** Whether this server has a Stripe webhook endpoint (a Stripe provider with a signing secret). */
export function hasStripeWebhook(provider: PaymentsProvider): provider is StripePaymentsProvider {
  return provider instanceof StripePaymentsProvider && provider.hasWebhookSecret;
}
