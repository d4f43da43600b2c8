import { queryWith } from '@client/lib/api';
import { activitySchema } from '@domain/activities/activity-types';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

/** Every write that records an activity on the server refreshes this list. */
export const activitiesKey = ['/api/activities'] as const;

/** The workspace's Recent Activity (the dashboard overview and the CRM tab). */
export function useRecentActivities() {
  return useQuery({ queryKey: activitiesKey, queryFn: queryWith(z.array(activitySchema)) });
}
