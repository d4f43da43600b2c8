/**
 * The payments provider: Stripe when a secret key is configured, otherwise the built-in offline test
 * checkout. Both produce the same internal `CheckoutCompleted` event, handled by the payments feature.
 */
export interface ProviderPrice {
  id: string;
  unit_amount: number;
  currency: string;
  interval: 'day' | 'week' | 'month' | 'year' | null;
}

/** A product as the card-provider pricing page shows it (spec 001 §3 "Card-provider product"). */
export interface ProviderProduct {
  id: string;
  name: string;
  description: string | null;
  metadata: Record<string, string>;
  prices: ProviderPrice[];
}

/** A price looked up for checkout, with the product metadata that links it to a plan or add-on. */
export interface ResolvedPrice {
  id: string;
  unitAmountCents: number;
  isRecurring: boolean;
  productName: string;
  metadata: Record<string, string>;
}

export interface CheckoutLine {
  name: string;
  amountCents: number;
  isRecurring: boolean;
  /** Charge an existing provider price instead of an ad-hoc line. */
  priceId?: string;
}

export interface CreateCheckoutRequest {
  orderId: string;
  lines: CheckoutLine[];
  /** Absolute URLs. The success URL carries the provider's session id placeholder. */
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
}

export interface CheckoutSessionCreated {
  sessionId: string;
  url: string;
}

/** The internal event both adapters emit when a checkout is paid. */
export interface CheckoutCompleted {
  eventId: string;
  provider: 'stripe' | 'offline';
  orderId: string;
  providerSessionId: string;
  customerEmail: string | null;
  /** Payment intent, subscription or offline reference. */
  reference: string | null;
  /** The provider subscription the checkout started, whose renewals arrive later. */
  subscriptionId: string | null;
}

/** A subscription moved to another price at `at`, the rest of its current period prorated. */
export interface SubscriptionPriceChange {
  /** The provider's subscription; null for one the offline checkout started (it has none). */
  providerSubscriptionId: string | null;
  /** What the new price is called on an invoice ("Professional plan, Lead Engine"). */
  name: string;
  amountCents: number;
  previousAmountCents: number;
  /** The current period; null when there is none to prorate (nothing was paid for it). */
  period: { start: Date; end: Date } | null;
  at: Date;
}

export interface SubscriptionPriceChanged {
  /**
   * Worked out at the change: credit for the unused time at the old price, the charge for it at the new.
   * Null when the provider puts the prorations on its next invoice itself (Stripe).
   */
  proration: { creditCents: number; chargeCents: number } | null;
  /** The end of the current period as the provider has it; null when it does not know one. */
  currentPeriodEnd: Date | null;
}

export interface ConnectionCheck {
  ok: boolean;
  message: string;
}

export interface MaskedKeys {
  live: string | null;
  test: string | null;
}

export interface PaymentsProvider {
  readonly kind: 'stripe' | 'offline';
  /**
   * 'live' or 'test' for Stripe by key prefix; 'offline' for the built-in test checkout; 'disabled'
   * when neither is allowed (production without Stripe keys): no checkout can start.
   */
  readonly mode: 'live' | 'test' | 'offline' | 'disabled';
  listProducts(): Promise<ProviderProduct[]>;
  findPrice(priceId: string): Promise<ResolvedPrice | null>;
  createCheckoutSession(request: CreateCheckoutRequest): Promise<CheckoutSessionCreated>;
  /** Upgrade or downgrade: the subscription's price changes now, with proration. */
  changeSubscriptionPrice(change: SubscriptionPriceChange): Promise<SubscriptionPriceChanged>;
  /** Cancel at the end of the current period (true), or keep renewing after all (false). */
  setCancelAtPeriodEnd(request: {
    providerSubscriptionId: string | null;
    cancelAtPeriodEnd: boolean;
  }): Promise<{ currentPeriodEnd: Date | null }>;
  /** An authenticated round trip to the provider (Stripe) or a self-check (offline). */
  testConnection(): Promise<ConnectionCheck>;
  maskedKeys(): MaskedKeys;
}

/** "sk_test_…abcd": the prefix and the last four characters, never the secret itself. */
export function maskSecret(secret: string | undefined): string | null {
  if (!secret) return null;
  const prefix = /^(sk|rk|whsec)_(live|test)_/.exec(secret)?.[0] ?? secret.slice(0, 3);
  return `${prefix}${'•'.repeat(8)}${secret.slice(-4)}`;
}
