import type { Activity } from '@domain/activities/activity-types';
import { useQuery } from '@tanstack/react-query';

export interface DashboardStats {
  /** All revenue received, integer cents. */
  totalRevenue: number;
  subscribers: number;
  traffic: number | null;
  automationScore: number | null;
}

export function useDashboardStats() {
  return useQuery<DashboardStats>({ queryKey: ['/api/dashboard/stats'] });
}

export function useRecentActivities() {
  return useQuery<Activity[]>({ queryKey: ['/api/activities'] });
}
