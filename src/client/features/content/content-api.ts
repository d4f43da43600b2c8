import { activitiesKey } from '@client/features/activities';
import { apiRequest, queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  aiStatusSchema,
  type ContentItem,
  type ContentUpdate,
  contentItemSchema,
  contentListSchema,
  type GenerateContentInput,
  wordpressStatusSchema,
} from '@domain/content/content-schemas';
import type { Locale } from '@domain/locales';
import { useMutation, useQuery } from '@tanstack/react-query';

export const contentKey = ['/api/content'] as const;

/** After any content write: the list, and the activities it recorded (spec 000 §4: both refresh). */
function refreshContentViews() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contentKey }),
    queryClient.invalidateQueries({ queryKey: activitiesKey }),
  ]);
}

export function useContentItems() {
  return useQuery({ queryKey: contentKey, queryFn: queryWith(contentListSchema) });
}

/** Which writer is configured: null = the offline generator (the form says so). */
export function useAiStatus() {
  return useQuery({ queryKey: ['/api/content/ai-status'], queryFn: queryWith(aiStatusSchema) });
}

export const wordpressKey = ['/api/content/wordpress'] as const;

export function useWordpressStatus() {
  return useQuery({ queryKey: wordpressKey, queryFn: queryWith(wordpressStatusSchema) });
}

export function useGenerateContent() {
  return useMutation({
    mutationFn: (input: GenerateContentInput) =>
      requestJson(contentItemSchema, 'POST', '/api/generate-content', input),
    onSuccess: refreshContentViews,
  });
}

export function useUpdateContent() {
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: ContentUpdate }) =>
      requestJson(contentItemSchema, 'PATCH', `/api/content/${id}`, patch),
    onSuccess: refreshContentViews,
  });
}

export function useScheduleContent() {
  return useMutation({
    mutationFn: ({ id, scheduledAt }: { id: number; scheduledAt: string }) =>
      requestJson(contentItemSchema, 'POST', `/api/content/${id}/schedule`, { scheduledAt }),
    onSuccess: refreshContentViews,
  });
}

export function useUnscheduleContent() {
  return useMutation({
    mutationFn: (id: number) => requestJson(contentItemSchema, 'POST', `/api/content/${id}/unschedule`),
    onSuccess: refreshContentViews,
  });
}

export function usePublishContent() {
  return useMutation({
    mutationFn: (id: number) => requestJson(contentItemSchema, 'POST', `/api/content/${id}/publish`),
    onSuccess: refreshContentViews,
  });
}

export function useTranslateContent() {
  return useMutation({
    mutationFn: ({ id, locale }: { id: number; locale: Locale }) =>
      requestJson(contentItemSchema, 'POST', `/api/content/${id}/translate`, { locale }),
    onSuccess: refreshContentViews,
  });
}

export function useDeleteContent() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/content/${id}`),
    onSuccess: refreshContentViews,
  });
}

export type { ContentItem };
