import { queryWith } from '@client/lib/api';
import { analyticsDashboardSchema, applicationSchema } from '@domain/catalogue/catalogue-schemas';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

export const applicationsKey = ['/api/applications'] as const;
export const analyticsDashboardKey = ['/api/analytics/dashboard'] as const;

export function useApplications() {
  return useQuery({ queryKey: applicationsKey, queryFn: queryWith(z.array(applicationSchema)) });
}

export function useAnalyticsDashboard() {
  return useQuery({ queryKey: analyticsDashboardKey, queryFn: queryWith(analyticsDashboardSchema) });
}
