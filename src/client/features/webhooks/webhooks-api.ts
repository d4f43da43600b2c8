import { queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import { companyDetailSchema, companySchema } from '@domain/contacts/contact-schemas';
import {
  deliverySchema,
  deploymentStatusSchema,
  deployResultSchema,
  type EndpointUpdate,
  endpointWithHealthSchema,
  type LiveEvent,
  liveEventsSchema,
  testWebhookResultSchema,
  webhookConfigsSchema,
} from '@domain/webhooks/webhook-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';

/** The signed-in calls, or the demo workspace's read-only twins for the public `-demo` screens. */
const path = (demo: boolean, name: string) => (demo ? `/api/demo/operations/${name}` : `/api/${name}`);

/** Spec 001 §9 polling intervals. */
const polling = { deployment: 30_000, liveEvents: 3_000 };

export function useWebhookConfigs(demo: boolean) {
  return useQuery({ queryKey: [path(demo, 'webhook-configs')], queryFn: queryWith(webhookConfigsSchema) });
}

export function useDeploymentStatus(demo: boolean) {
  return useQuery({
    queryKey: [path(demo, 'deployment-status')],
    queryFn: queryWith(deploymentStatusSchema),
    refetchInterval: polling.deployment,
  });
}

const refreshWebhookViews = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/deployment-status'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/webhook-endpoints'] }),
  ]);

export function useDeployWebhooks() {
  return useMutation({
    mutationFn: () => requestJson(deployResultSchema, 'POST', '/api/deploy-webhooks'),
    onSettled: refreshWebhookViews,
  });
}

export function useTestWebhook() {
  return useMutation({
    mutationFn: (input: { appId: number; message: string }) =>
      requestJson(testWebhookResultSchema, 'POST', `/api/test-webhook/${input.appId}`, {
        testData: { test_message: input.message },
      }),
    onSettled: refreshWebhookViews,
  });
}

/** The endpoints of an app or of a company, each with its delivery health. */
export function useEndpoints(filter: { appId: number } | { companyId: number }, enabled = true) {
  const [name, id] = 'appId' in filter ? ['appId', filter.appId] : ['companyId', filter.companyId];
  return useQuery({
    queryKey: ['/api/webhook-endpoints', name, id],
    queryFn: () =>
      requestJson(z.array(endpointWithHealthSchema), 'GET', `/api/webhook-endpoints?${name}=${id}`),
    enabled,
  });
}

/** The companies an endpoint can be linked to. */
export function useCompanyChoices() {
  return useQuery({
    queryKey: ['/api/companies', 'choices'],
    queryFn: () => requestJson(z.array(companySchema), 'GET', '/api/companies?limit=200'),
  });
}

/** The contacts of the chosen company (an endpoint's notice contact is one of them). */
export function useCompanyContacts(companyId: number | null) {
  return useQuery({
    queryKey: ['/api/companies', companyId],
    queryFn: () => requestJson(companyDetailSchema, 'GET', `/api/companies/${companyId}`),
    enabled: companyId !== null,
  });
}

export function useUpdateEndpoint() {
  return useMutation({
    mutationFn: ({ id, ...patch }: EndpointUpdate & { id: number }) =>
      requestJson(endpointWithHealthSchema, 'PATCH', `/api/webhook-endpoints/${id}`, patch),
    onSettled: refreshWebhookViews,
  });
}

export function useDeliveries(endpointId: number) {
  return useQuery({
    queryKey: ['/api/webhook-endpoints', 'deliveries', endpointId],
    queryFn: () =>
      requestJson(z.array(deliverySchema), 'GET', `/api/webhook-endpoints/${endpointId}/deliveries`),
  });
}

export function useReplayDelivery() {
  return useMutation({
    mutationFn: (id: number) =>
      requestJson(z.object({ id: z.number() }), 'POST', `/api/webhook-deliveries/${id}/replay`),
    onSettled: refreshWebhookViews,
  });
}

export function useLiveEvents(demo: boolean, autoRefresh: boolean) {
  return useQuery({
    queryKey: [path(demo, 'live-events')],
    queryFn: queryWith(liveEventsSchema),
    refetchInterval: autoRefresh ? polling.liveEvents : false,
  });
}

/**
 * Live events as they happen (server-sent events, fed by PostgreSQL LISTEN/NOTIFY on whichever process
 * stored them): each one is put at the head of the cached lists at once; polling stays as the fallback.
 */
export function useLiveEventStream(demo: boolean, onEvent?: (event: LiveEvent) => void) {
  useEffect(() => {
    const source = new EventSource(path(demo, 'live-events/stream'));
    source.addEventListener('live-event', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as LiveEvent;
      queryClient.setQueryData<{ events: LiveEvent[] }>([path(demo, 'live-events')], (old) =>
        old ? { events: [event, ...old.events.filter((e) => e.id !== event.id)].slice(0, 10) } : old,
      );
      for (const read of [
        'superhub-dashboard',
        'monitors',
        'deployment-status',
        'integration-status',
        'health-check',
      ])
        void queryClient.invalidateQueries({ queryKey: [path(demo, read)] });
      onEvent?.(event);
    });
    return () => source.close();
  }, [demo, onEvent]);
}
