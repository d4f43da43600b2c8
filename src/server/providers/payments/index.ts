import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { OfflinePaymentsProvider } from './offline-provider.js';
import type { PaymentsProvider } from './payments-provider.js';
import { StripePaymentsProvider } from './stripe-provider.js';

/**
 * How cards are taken: Stripe when a secret key is configured; otherwise the offline test checkout,
 * which accepts a published test card and activates any plan, so production gets it only when
 * OFFLINE_CHECKOUT=true asks for it; without either, production takes no payments at all.
 */
export function checkoutMode(config: Config): 'stripe' | 'offline-test' | 'disabled' {
  if (config.STRIPE_SECRET_KEY || config.STRIPE_TEST_SECRET_KEY) return 'stripe';
  return (config.OFFLINE_CHECKOUT ?? config.NODE_ENV !== 'production') ? 'offline-test' : 'disabled';
}

export function createPaymentsProvider(
  config: Config,
  offlineHealthCheck: () => Promise<void>,
): PaymentsProvider | StripePaymentsProvider {
  if (config.STRIPE_SECRET_KEY || config.STRIPE_TEST_SECRET_KEY) {
    return new StripePaymentsProvider({
      liveKey: config.STRIPE_SECRET_KEY,
      testKey: config.STRIPE_TEST_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return new OfflinePaymentsProvider(offlineHealthCheck, checkoutMode(config) === 'offline-test');
}

/** The provider for this config; the offline one reports healthy while its orders table answers. */
export function paymentsProviderFor(config: Config, database: Database): PaymentsProvider {
  return createPaymentsProvider(config, async () => {
    await database.pool.query('select 1 from checkout_orders limit 1');
  });
}
