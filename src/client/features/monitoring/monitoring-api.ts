import { apiRequest, queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  type AppDependencies,
  appAvailabilitiesSchema,
  appDependenciesSchema,
  incidentDetailSchema,
  incidentsSchema,
  type MaintenanceWindowCreate,
  maintenanceWindowSchema,
  maintenanceWindowsSchema,
  type StatusPageSettings,
  statusPageSettingsAnswerSchema,
} from '@domain/monitoring/incident-schemas';
import {
  type MonitorCreate,
  type MonitorEdit,
  monitorPageSchema,
  monitorSchema,
} from '@domain/monitoring/monitoring-schemas';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

/** The signed-in calls, or the demo workspace's read-only twins for the public `-demo` screens. */
const path = (demo: boolean, name: string) => (demo ? `/api/demo/operations/${name}` : `/api/${name}`);

/** Spec 001 §9: the monitors refresh with the Central Monitoring dashboard they sit on. */
const pollingMs = 30_000;

/** Rows the Monitors card shows at once: at 1,000 monitors it reads (and draws) a page, not all. */
export const monitorPageSize = 50;

const pagePath = (demo: boolean) => path(demo, 'monitors/page');

export function useMonitorPage(demo: boolean, offset: number) {
  return useQuery({
    queryKey: [`${pagePath(demo)}?offset=${offset}&limit=${monitorPageSize}`],
    queryFn: queryWith(monitorPageSchema),
    refetchInterval: pollingMs,
    placeholderData: keepPreviousData,
  });
}

/** Every page of the Monitors card read so far (its key starts with the page's path). */
const monitorPages = (demo: boolean) => ({
  predicate: (query: { queryKey: readonly unknown[] }) =>
    String(query.queryKey[0]).startsWith(pagePath(demo)),
});

export const refetchMonitors = (demo: boolean) => queryClient.invalidateQueries(monitorPages(demo));

const refreshMonitors = () =>
  Promise.all([
    queryClient.invalidateQueries(monitorPages(false)),
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

export function useIncidents() {
  return useQuery({
    queryKey: ['/api/incidents'],
    queryFn: queryWith(incidentsSchema),
    refetchInterval: pollingMs,
  });
}

export function useIncident(id: number) {
  return useQuery({
    queryKey: [`/api/incidents/${id}`],
    queryFn: queryWith(incidentDetailSchema),
  });
}

/** The month's availability of every app, maintenance excluded. */
export function useAvailability() {
  return useQuery({
    queryKey: ['/api/monitors/availability'],
    queryFn: queryWith(appAvailabilitiesSchema),
    refetchInterval: pollingMs,
  });
}

export function useStatusPage() {
  return useQuery({ queryKey: ['/api/status-page'], queryFn: queryWith(statusPageSettingsAnswerSchema) });
}

export function useSaveStatusPage() {
  return useMutation({
    mutationFn: (input: StatusPageSettings) =>
      requestJson(statusPageSettingsAnswerSchema, 'PUT', '/api/status-page', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/status-page'] }),
  });
}

// ---- an app's dependencies and maintenance windows ----

const dependenciesPath = (appId: number) => `/api/monitors/apps/${appId}/dependencies`;
const maintenancePath = (appId: number) => `/api/monitors/apps/${appId}/maintenance-windows`;

export function useAppDependencies(appId: number) {
  return useQuery({ queryKey: [dependenciesPath(appId)], queryFn: queryWith(appDependenciesSchema) });
}

export function useSaveAppDependencies(appId: number) {
  return useMutation({
    mutationFn: (input: AppDependencies) =>
      requestJson(appDependenciesSchema, 'PUT', dependenciesPath(appId), input),
    onSuccess: (saved) => queryClient.setQueryData([dependenciesPath(appId)], saved),
  });
}

export function useMaintenanceWindows(appId: number) {
  return useQuery({ queryKey: [maintenancePath(appId)], queryFn: queryWith(maintenanceWindowsSchema) });
}

/** A window changes the month's availability too. */
const refreshMaintenance = (appId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [maintenancePath(appId)] }),
    queryClient.invalidateQueries({ queryKey: ['/api/monitors/availability'] }),
  ]);

export function useAddMaintenanceWindow(appId: number) {
  return useMutation({
    mutationFn: (input: MaintenanceWindowCreate) =>
      requestJson(maintenanceWindowSchema, 'POST', maintenancePath(appId), input),
    onSuccess: () => refreshMaintenance(appId),
  });
}

export function useRemoveMaintenanceWindow(appId: number) {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/monitors/maintenance-windows/${id}`),
    onSuccess: () => refreshMaintenance(appId),
  });
}
