import { storedMessageText } from '@client/i18n/stored-message';
import { queryWith } from '@client/lib/api';
import { type Activity, activitySchema } from '@domain/activities/activity-types';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

/** Every write that records an activity on the server refreshes this list. */
export const activitiesKey = ['/api/activities'] as const;

/** The workspace's Recent Activity (the dashboard overview and the CRM tab). */
export function useRecentActivities() {
  return useQuery({ queryKey: activitiesKey, queryFn: queryWith(z.array(activitySchema)) });
}

/** An activity line in the reader's language; lines recorded before messages had ids read as written. */
export function activityText({ messageId, values, description }: Activity): string {
  return storedMessageText(messageId, values, description);
}
