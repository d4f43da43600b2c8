import { browserTimeZone } from '@client/i18n/format';
import { apiRequest, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import { type ScheduleInput, scheduleListSchema, scheduleSchema } from '@domain/reports/schedule-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';

const schedulesKey = ['/api/reports/schedules'] as const;

export function useSchedules() {
  return useQuery({
    queryKey: schedulesKey,
    queryFn: () => requestJson(scheduleListSchema, 'GET', '/api/reports/schedules'),
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: schedulesKey });

export function useSaveSchedule() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ScheduleInput }) =>
      id === null
        ? requestJson(scheduleSchema, 'POST', '/api/reports/schedules', input)
        : requestJson(scheduleSchema, 'PUT', `/api/reports/schedules/${id}`, input),
    onSuccess: refresh,
  });
}

export function useDeleteSchedule() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/reports/schedules/${id}`),
    onSuccess: refresh,
  });
}

/** The caller's own subscription: on (in the browser's time zone) or off. */
export function useMySubscription() {
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) =>
      on
        ? requestJson(scheduleSchema, 'PUT', `/api/reports/schedules/${id}/subscription`, {
            timeZone: browserTimeZone(),
          })
        : requestJson(scheduleSchema, 'DELETE', `/api/reports/schedules/${id}/subscription`),
    onSuccess: refresh,
  });
}
