import { randomBytes } from 'node:crypto';
import { AppError } from '@domain/app-error';
import { prorate } from '@domain/billing/proration';
import { serverMessage } from '@domain/messages';
import { addons } from '@domain/pricing/addons';
import { basePlans } from '@domain/pricing/plans';
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

/**
 * The offline default: no network, no keys. Its catalogue is the platform's own plans and add-ons, and
 * its checkout is the built-in test checkout page (served by the payments feature at
 * /api/checkout/test/:sessionId), which completes the session and emits the same event as Stripe's webhook.
 */
export const offlineTestCheckoutPath = '/api/checkout/test';

/** The offline catalogue, derived from the domain so its prices are the real ones. */
export function offlineCatalogue(): ProviderProduct[] {
  const planProducts = basePlans.map((plan) => ({
    id: `prod_plan_${plan.id}`,
    name: `${plan.name} Plan`,
    description: plan.features.join(', '),
    metadata: { popular: String(plan.popular), plan_id: plan.id },
    prices: [
      {
        id: `price_plan_${plan.id}_monthly`,
        unit_amount: plan.priceCents,
        currency: 'usd',
        interval: 'month' as const,
      },
    ],
  }));
  const addonProducts = addons.map((addon) => ({
    id: `prod_addon_${addon.id}`,
    name: addon.name,
    description: addon.description,
    metadata: { popular: 'false', addon_id: addon.id },
    prices: [
      {
        id: `price_addon_${addon.id}_monthly`,
        unit_amount: addon.priceCents,
        currency: 'usd',
        interval: 'month' as const,
      },
    ],
  }));
  return [...planProducts, ...addonProducts];
}

export class OfflinePaymentsProvider implements PaymentsProvider {
  readonly kind = 'offline' as const;
  readonly mode: 'offline' | 'disabled';

  /** `checkoutEnabled` false: the catalogue still lists prices, but no checkout can start. */
  constructor(
    private readonly checkConnection: () => Promise<void>,
    checkoutEnabled: boolean,
  ) {
    this.mode = checkoutEnabled ? 'offline' : 'disabled';
  }

  async listProducts(): Promise<ProviderProduct[]> {
    return offlineCatalogue();
  }

  async findPrice(priceId: string): Promise<ResolvedPrice | null> {
    for (const product of offlineCatalogue()) {
      const price = product.prices.find((p) => p.id === priceId);
      if (price) {
        return {
          id: price.id,
          unitAmountCents: price.unit_amount,
          isRecurring: price.interval !== null,
          productName: product.name,
          metadata: product.metadata,
        };
      }
    }
    return null;
  }

  async createCheckoutSession(_request: CreateCheckoutRequest): Promise<CheckoutSessionCreated> {
    if (this.mode === 'disabled') throw paymentsNotConfigured();
    // The order (stored by the caller under this session id) is the session: the test page reads it back.
    const sessionId = `cs_offline_${randomBytes(18).toString('base64url')}`;
    return { sessionId, url: `${offlineTestCheckoutPath}/${sessionId}` };
  }

  /** No provider keeps the subscription: the proration is worked out here, for the caller to record. */
  async changeSubscriptionPrice(change: SubscriptionPriceChange): Promise<SubscriptionPriceChanged> {
    if (this.mode === 'disabled') throw paymentsNotConfigured();
    const proration = change.period
      ? prorate({
          previousCents: change.previousAmountCents,
          nextCents: change.amountCents,
          periodStart: change.period.start,
          periodEnd: change.period.end,
          at: change.at,
        })
      : { creditCents: 0, chargeCents: 0 };
    return { proration, currentPeriodEnd: change.period?.end ?? null };
  }

  /** Stopping future charges needs no provider here; the caller records it. */
  async setCancelAtPeriodEnd(): Promise<{ currentPeriodEnd: Date | null }> {
    return { currentPeriodEnd: null };
  }

  async testConnection(): Promise<ConnectionCheck> {
    if (this.mode === 'disabled') {
      return { ok: false, message: 'Payments are not configured: set a Stripe secret key to take payments.' };
    }
    try {
      await this.checkConnection();
      return { ok: true, message: 'Offline test checkout is healthy (no card provider configured).' };
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'unknown error';
      return { ok: false, message: `Offline test checkout is not healthy: ${reason}` };
    }
  }

  maskedKeys(): MaskedKeys {
    return { live: null, test: null };
  }
}

export function paymentsNotConfigured(): AppError {
  return new AppError('unavailable', serverMessage('payments.notConfigured'));
}
