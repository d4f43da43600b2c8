import { apiRequest, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  type ExportList,
  type ReportDefinitionInput,
  reportListSchema,
  reportSchema,
  reportSeriesSchema,
} from '@domain/reports/report-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';

const reportsKey = ['/api/reports'] as const;

export function useReportList() {
  return useQuery({
    queryKey: reportsKey,
    queryFn: () => requestJson(reportListSchema, 'GET', '/api/reports'),
  });
}

export function useReportSeries(id: number) {
  return useQuery({
    queryKey: [...reportsKey, id, 'series'],
    queryFn: () => requestJson(reportSeriesSchema, 'GET', `/api/reports/${id}/series`),
  });
}

/** The builder's preview: runs the definition as it stands, unsaved. */
export function usePreviewReport() {
  return useMutation({
    mutationFn: (definition: ReportDefinitionInput) =>
      requestJson(reportSeriesSchema, 'POST', '/api/reports/preview', definition),
  });
}

const refreshReports = () => queryClient.invalidateQueries({ queryKey: reportsKey });

export function useSaveReport() {
  return useMutation({
    mutationFn: ({ id, definition }: { id: number | null; definition: ReportDefinitionInput }) =>
      id === null
        ? requestJson(reportSchema, 'POST', '/api/reports', definition)
        : requestJson(reportSchema, 'PUT', `/api/reports/${id}`, definition),
    onSuccess: refreshReports,
  });
}

export function useDeleteReport() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/reports/${id}`),
    onSuccess: refreshReports,
  });
}

/** A saved report's figures as a file (a plain link: the browser streams the download). */
export const reportExportHref = (id: number, format: 'csv' | 'xlsx') =>
  `/api/reports/${id}/export?format=${format}`;

/** A whole list as a file; `narrow` picks one campaign's recipients or one endpoint's deliveries. */
export function listExportHref(
  list: ExportList,
  format: 'csv' | 'xlsx',
  narrow: Record<string, number> = {},
): string {
  const query = new URLSearchParams({ format });
  for (const [name, id] of Object.entries(narrow)) query.set(name, String(id));
  return `/api/reports/exports/${list}?${query}`;
}
