import { apiRequest, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  type DashboardFilter,
  type DashboardInput,
  dashboardHomeSchema,
  dashboardListSchema,
  dashboardSchema,
  dashboardSeriesSchema,
} from '@domain/reports/dashboard-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';

const dashboardsKey = ['/api/reports/dashboards'] as const;
const homeKey = ['/api/reports/dashboards/home'] as const;

export function useDashboardList() {
  return useQuery({
    queryKey: dashboardsKey,
    queryFn: () => requestJson(dashboardListSchema, 'GET', '/api/reports/dashboards'),
  });
}

export function useDashboard(id: number | null) {
  return useQuery({
    queryKey: [...dashboardsKey, id],
    queryFn: () => requestJson(dashboardSchema, 'GET', `/api/reports/dashboards/${id}`),
    enabled: id !== null,
  });
}

/** Every tile's figures in one request, under the dashboard's filter. */
export function useDashboardSeries(id: number | null, filter: DashboardFilter) {
  const query = new URLSearchParams();
  if (filter.from && filter.to) {
    query.set('from', filter.from);
    query.set('to', filter.to);
  }
  if (filter.websiteId !== undefined) query.set('websiteId', String(filter.websiteId));
  const search = query.size > 0 ? `?${query}` : '';
  return useQuery({
    queryKey: [...dashboardsKey, id, 'series', search],
    queryFn: () => requestJson(dashboardSeriesSchema, 'GET', `/api/reports/dashboards/${id}/series${search}`),
    enabled: id !== null,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: dashboardsKey });

export function useSaveDashboard() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: DashboardInput }) =>
      id === null
        ? requestJson(dashboardSchema, 'POST', '/api/reports/dashboards', input)
        : requestJson(dashboardSchema, 'PUT', `/api/reports/dashboards/${id}`, input),
    onSuccess: refresh,
  });
}

export function useDeleteDashboard() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/reports/dashboards/${id}`),
    onSuccess: refresh,
  });
}

export function useDashboardHome(enabled = true) {
  return useQuery({
    queryKey: homeKey,
    queryFn: () => requestJson(dashboardHomeSchema, 'GET', '/api/reports/dashboards/home'),
    enabled,
  });
}

export function useSetDashboardHome() {
  return useMutation({
    mutationFn: (dashboardId: number | null) =>
      requestJson(dashboardHomeSchema, 'PUT', '/api/reports/dashboards/home', { dashboardId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: homeKey }),
  });
}
