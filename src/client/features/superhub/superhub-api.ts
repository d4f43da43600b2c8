import { queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
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
import { useMutation, useQuery } from '@tanstack/react-query';

/** The signed-in calls, or the demo workspace's read-only twins for the public `-demo` screens. */
const path = (demo: boolean, name: string) => (demo ? `/api/demo/operations/${name}` : `/api/${name}`);

/** Spec 001 §9 polling intervals. */
const polling = { dashboard: 30_000, integration: 5_000, health: 10_000 };

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

export function useIntegrationStatus(demo: boolean, autoRefresh: boolean) {
  return useQuery({
    queryKey: [path(demo, 'integration-status')],
    queryFn: queryWith(integrationStatusSchema),
    refetchInterval: autoRefresh ? polling.integration : false,
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
