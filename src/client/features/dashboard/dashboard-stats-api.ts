import type { Activity } from '@domain/activities/activity-types';
import { useQuery } from '@tanstack/react-query';

export interface DashboardStats {
  /** All revenue received, integer cents; null for one website (payments are not recorded per site). */
  totalRevenue: number | null;
  subscribers: number;
  traffic: number | null;
  automationScore: number | null;
}

/** The four figures, of every website or of the one selected in the sidebar. */
export function useDashboardStats(websiteId: number | null) {
  const url = websiteId === null ? '/api/dashboard/stats' : `/api/dashboard/stats?websiteId=${websiteId}`;
  return useQuery<DashboardStats>({ queryKey: [url] });
}

export function useRecentActivities() {
  return useQuery<Activity[]>({ queryKey: ['/api/activities'] });
}
