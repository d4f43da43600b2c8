import { queryWith } from '@client/lib/api';
import { dashboardStatsSchema } from '@domain/dashboard/dashboard-schemas';
import { useQuery } from '@tanstack/react-query';

/** The four figures, of every website or of the one selected in the sidebar. */
export function useDashboardStats(websiteId: number | null) {
  const url = websiteId === null ? '/api/dashboard/stats' : `/api/dashboard/stats?websiteId=${websiteId}`;
  return useQuery({ queryKey: [url], queryFn: queryWith(dashboardStatsSchema) });
}
