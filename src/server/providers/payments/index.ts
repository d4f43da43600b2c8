import type { Config } from '../../config.js';
import { OfflinePaymentsProvider } from './offline-provider.js';
import type { PaymentsProvider } from './payments-provider.js';
import { StripePaymentsProvider } from './stripe-provider.js';

/** Stripe when a secret key is configured; otherwise the offline test checkout. */
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
  return new OfflinePaymentsProvider(offlineHealthCheck);
}
