import { queryWith, requestJson } from '@client/lib/api';
import {
  connectionResultSchema,
  paymentRowSchema,
  providerStatusSchema,
  revenueSummarySchema,
} from '@domain/payments/payment-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

export const useProviderStatus = () =>
  useQuery({ queryKey: ['/api/payments/provider'], queryFn: queryWith(providerStatusSchema) });
export const useRevenue = () =>
  useQuery({ queryKey: ['/api/payments/revenue'], queryFn: queryWith(revenueSummarySchema) });
export const usePayments = () =>
  useQuery({ queryKey: ['/api/payments'], queryFn: queryWith(z.array(paymentRowSchema)) });

export function useTestConnection() {
  return useMutation({
    mutationFn: () => requestJson(connectionResultSchema, 'POST', '/api/payments/test-connection'),
  });
}
