import { queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  backlinksSchema,
  crossSalesMetricsSchema,
  matrixSchema,
  opportunitySchema,
  planSchema,
} from '@domain/cross-sales/cross-sales-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

export const useOpportunities = () =>
  useQuery({ queryKey: ['/api/cross-sales/opportunities'], queryFn: queryWith(z.array(opportunitySchema)) });
export const useBacklinks = () =>
  useQuery({ queryKey: ['/api/cross-sales/backlinks'], queryFn: queryWith(backlinksSchema) });
export const useCrossSalesMetrics = () =>
  useQuery({ queryKey: ['/api/cross-sales/metrics'], queryFn: queryWith(crossSalesMetricsSchema) });
export const useMatrix = () =>
  useQuery({ queryKey: ['/api/cross-sales/matrix'], queryFn: queryWith(matrixSchema) });
export const usePlan = () =>
  useQuery({ queryKey: ['/api/cross-sales/plan'], queryFn: queryWith(planSchema) });

export function useAdvancePlanItem() {
  return useMutation({
    mutationFn: (id: number) => requestJson(planSchema, 'POST', `/api/cross-sales/plan/${id}/advance`),
    onSuccess: (data) => queryClient.setQueryData(['/api/cross-sales/plan'], data),
  });
}
