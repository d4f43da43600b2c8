import { i18n } from '@client/i18n/i18n';
import { queryWith } from '@client/lib/api';
import { type Activity, activitySchema } from '@domain/activities/activity-types';
import { isServerMessageId, serverMessages } from '@domain/messages';
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
  return isServerMessageId(messageId) ? i18n._(serverMessages[messageId], values ?? {}) : description;
}
