import { apiRequest } from '@client/lib/api';
import { useMutation, useQuery } from '@tanstack/react-query';

export interface ProviderStatus {
  provider: 'stripe' | 'offline';
  mode: 'live' | 'test' | 'offline' | 'disabled';
  /** Masked by the server (prefix and last 4); the secret itself never reaches the browser. */
  keys: { live: string | null; test: string | null };
  webhookConfigured: boolean;
}

export interface MonthRevenue {
  total: number;
  recurring: number;
  oneTime: number;
  count: number;
  average: number;
}

export interface RevenueSummary extends MonthRevenue {
  thisMonth: number;
  lastMonth: number;
  months: { current: MonthRevenue; previous: MonthRevenue };
}

export interface PaymentRow {
  id: number;
  description: string;
  amountCents: number;
  recurringCents: number;
  oneTimeCents: number;
  provider: string;
  customerEmail: string | null;
  paidAt: string;
}

export interface Subscription {
  plan: string;
  planName: string;
  planPriceCents: number;
  addons: { id: string; name: string; priceCents: number }[];
  seats: number;
  subscriptionStatus: string;
  trialEndsAt: string | null;
  renewsAt: string | null;
  limits: { contacts: number | null; users: number | null; storageGb: number | null };
}

export interface ConnectionResult {
  ok: boolean;
  provider: 'stripe' | 'offline';
  message: string;
  checkedAt: string;
}

export const useProviderStatus = () => useQuery<ProviderStatus>({ queryKey: ['/api/payments/provider'] });
export const useRevenue = () => useQuery<RevenueSummary>({ queryKey: ['/api/payments/revenue'] });
export const usePayments = () => useQuery<PaymentRow[]>({ queryKey: ['/api/payments'] });
export const useSubscription = () => useQuery<Subscription>({ queryKey: ['/api/billing/subscription'] });

export function useTestConnection() {
  return useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', '/api/payments/test-connection')).json()) as ConnectionResult,
  });
}
