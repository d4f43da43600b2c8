import { apiRequest, queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  type MonitorCreate,
  type MonitorEdit,
  monitorSchema,
  monitorsSchema,
} from '@domain/monitoring/monitoring-schemas';
import {
  type Features,
  featuresSchema,
  healthCheckSchema,
  integrateAllSchema,
  integrateStartSchema,
  integrationStatusSchema,
  monitoringConfigSchema,
  superhubDashboardSchema,
} from '@domain/superhub/superhub-schemas';
import {
  deliverySchema,
  deploymentStatusSchema,
  deployResultSchema,
  endpointSchema,
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
export const polling = {
  dashboard: 30_000,
  deployment: 30_000,
  integration: 5_000,
  liveEvents: 3_000,
  health: 10_000,
};

export function useSuperhubDashboard(demo: boolean) {
  return useQuery({
    queryKey: [path(demo, 'superhub-dashboard')],
    queryFn: queryWith(superhubDashboardSchema),
    refetchInterval: polling.dashboard,
  });
}

export function useUpdateFeatures() {
  return useMutation({
    mutationFn: (changes: Partial<Features>) =>
      requestJson(featuresSchema, 'PUT', '/api/superhub/features', changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/superhub-dashboard'] }),
  });
}

export function useMonitors(demo: boolean) {
  return useQuery({
    queryKey: [path(demo, 'monitors')],
    queryFn: queryWith(monitorsSchema),
    refetchInterval: polling.dashboard,
  });
}

export const refetchMonitors = (demo: boolean) =>
  queryClient.invalidateQueries({ queryKey: [path(demo, 'monitors')] });

const refreshMonitors = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/monitors'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/superhub-dashboard'] }),
  ]);

export function useAddMonitor() {
  return useMutation({
    mutationFn: (input: MonitorCreate) => requestJson(monitorSchema, 'POST', '/api/monitors', input),
    onSuccess: refreshMonitors,
  });
}

export function useEditMonitor() {
  return useMutation({
    mutationFn: ({ id, ...input }: MonitorEdit & { id: number }) =>
      requestJson(monitorSchema, 'PUT', `/api/monitors/${id}`, input),
    onSuccess: refreshMonitors,
  });
}

export function useRemoveMonitor() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/monitors/${id}`),
    onSuccess: refreshMonitors,
  });
}

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

export function useAppEndpoints(appId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/webhook-endpoints', appId],
    queryFn: () => requestJson(z.array(endpointSchema), 'GET', `/api/webhook-endpoints?appId=${appId}`),
    enabled,
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

export function useIntegrationStatus(demo: boolean, autoRefresh: boolean) {
  return useQuery({
    queryKey: [path(demo, 'integration-status')],
    queryFn: queryWith(integrationStatusSchema),
    refetchInterval: autoRefresh ? polling.integration : false,
  });
}

export function useLiveEvents(demo: boolean, autoRefresh: boolean) {
  return useQuery({
    queryKey: [path(demo, 'live-events')],
    queryFn: queryWith(liveEventsSchema),
    refetchInterval: autoRefresh ? polling.liveEvents : false,
  });
}

export function useHealthCheck(demo: boolean, autoRefresh: boolean) {
  return useQuery({
    queryKey: [path(demo, 'health-check')],
    queryFn: queryWith(healthCheckSchema),
    refetchInterval: autoRefresh ? polling.health : false,
  });
}

export function useMonitoringConfig(demo: boolean) {
  return useQuery({
    queryKey: [path(demo, 'monitoring-config')],
    queryFn: queryWith(monitoringConfigSchema),
  });
}

const refreshIntegration = () => queryClient.invalidateQueries({ queryKey: ['/api/integration-status'] });

export function useIntegrate() {
  return useMutation({
    mutationFn: (appId: number) => requestJson(integrateStartSchema, 'POST', `/api/integrate/${appId}`),
    onSettled: refreshIntegration,
  });
}

export function useIntegrateAll() {
  return useMutation({
    mutationFn: () => requestJson(integrateAllSchema, 'POST', '/api/integrate-all'),
    onSettled: refreshIntegration,
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
