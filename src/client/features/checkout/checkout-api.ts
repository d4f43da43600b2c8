import { i18n } from '@client/i18n/i18n';
import { apiRequest, queryWith } from '@client/lib/api';
import { toastError } from '@client/lib/error-toast';
import { type CardCheckoutBody, providerProductSchema } from '@domain/checkout/checkout-schemas';
import type { PackageCheckoutBody } from '@domain/pricing/custom-package-schemas';
import type { LocalBusinessCheckoutBody } from '@domain/pricing/local-business';
import type { ReossCheckoutBody } from '@domain/pricing/reoss';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

/** Where the browser goes next: the provider's hosted checkout (or the offline test checkout). */
function goTo(url: string) {
  window.location.assign(url);
}

interface CheckoutErrorCopy {
  title: MessageDescriptor;
  description: MessageDescriptor;
}

/**
 * Checkout state (spec 001 §4): idle, creating (button disabled), then navigation to the provider,
 * or back to idle with the screen's destructive toast.
 */
function useCheckout<TBody>(
  url: string,
  pickUrl: (answer: Record<string, string>) => string,
  error: CheckoutErrorCopy,
) {
  return useMutation({
    mutationFn: async (body: TBody) => {
      const response = await apiRequest('POST', url, body);
      return pickUrl(await response.json());
    },
    onSuccess: goTo,
    onError: () => toastError(i18n._(error.title), null, i18n._(error.description)),
  });
}

export const useLocalBusinessCheckout = () =>
  useCheckout<LocalBusinessCheckoutBody>('/api/local-business/checkout', (a) => a.checkout_url, {
    title: msg`Checkout Error`,
    description: msg`Failed to create checkout session`,
  });

export const useReossCheckout = () =>
  useCheckout<ReossCheckoutBody>('/api/reoss/checkout', (a) => a.checkout_url, {
    title: msg`Checkout Error`,
    description: msg`Failed to create REOSS checkout session`,
  });

export const useCardCheckout = () =>
  useCheckout<CardCheckoutBody>('/api/stripe/create-checkout-session', (a) => a.url, {
    title: msg`Error`,
    description: msg`Failed to start checkout process. Please try again.`,
  });

export const usePackageCheckout = () =>
  useCheckout<PackageCheckoutBody>('/api/billing/checkout', (a) => a.url, {
    title: msg`Checkout Error`,
    description: msg`Failed to create checkout session`,
  });

export const productsKey = ['/api/stripe/products'] as const;

/** The provider's products with their prices, for the card pricing page. */
export function useProviderProducts() {
  return useQuery({ queryKey: productsKey, queryFn: queryWith(z.array(providerProductSchema)) });
}
