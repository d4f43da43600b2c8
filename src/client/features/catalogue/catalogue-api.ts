import type { Application } from '@domain/catalogue/applications';
import { useQuery } from '@tanstack/react-query';

export const applicationsKey = ['/api/applications'] as const;
export const analyticsDashboardKey = ['/api/analytics/dashboard'] as const;

export function useApplications() {
  return useQuery<Application[]>({ queryKey: applicationsKey });
}

/** GET /api/analytics/dashboard; the definitions of each figure live with the server's service. */
export interface AnalyticsDashboard {
  totalUsers: number;
  monthlyRevenue: number;
  crossSellRate: number | null;
}

export function useAnalyticsDashboard() {
  return useQuery<AnalyticsDashboard>({ queryKey: analyticsDashboardKey });
}
