import { queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import { authUserKey } from '@client/lib/use-auth';
import {
  type ChangePlanBody,
  planChangeSchema,
  platformPlanSchema,
  subscriptionSchema,
} from '@domain/billing/subscription-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

export const platformPlanKey = ['/api/billing/subscription'] as const;
export const subscriptionsKey = ['/api/billing/subscriptions'] as const;

/** The platform plan and the workspace's limits. */
export const useSubscription = () =>
  useQuery({ queryKey: platformPlanKey, queryFn: queryWith(platformPlanSchema) });

/** Every subscription, the platform plan first. */
export const useSubscriptions = () =>
  useQuery({ queryKey: subscriptionsKey, queryFn: queryWith(z.array(subscriptionSchema)) });

/** What a billing change touches: the subscriptions, the session's plan, payments and the activity feed. */
function refreshBilling() {
  for (const queryKey of [
    platformPlanKey,
    subscriptionsKey,
    authUserKey,
    ['/api/payments'],
    ['/api/payments/revenue'],
    ['/api/activities'],
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

export function useChangePlan() {
  return useMutation({
    mutationFn: ({ id, ...body }: ChangePlanBody & { id: number }) =>
      requestJson(planChangeSchema, 'POST', `/api/billing/subscriptions/${id}/change-plan`, body),
    onSuccess: refreshBilling,
  });
}

export function useCancelAtPeriodEnd() {
  return useMutation({
    mutationFn: ({ id, cancelAtPeriodEnd }: { id: number; cancelAtPeriodEnd: boolean }) =>
      requestJson(subscriptionSchema, 'POST', `/api/billing/subscriptions/${id}/cancel-at-period-end`, {
        cancelAtPeriodEnd,
      }),
    onSuccess: refreshBilling,
  });
}
