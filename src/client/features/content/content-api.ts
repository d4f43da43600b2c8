import { activitiesKey } from '@client/features/activities';
import {
  ApiError,
  apiRequest,
  errorMessage,
  queryWith,
  refuseWriteOffline,
  requestJson,
} from '@client/lib/api';
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
import { useCallback, useEffect, useRef, useState } from 'react';

export const contentKey = ['/api/content'] as const;

/** After any content write: the list, and the activities it recorded (spec 000 §4: both refresh). */
function refreshContentViews() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contentKey }),
    queryClient.invalidateQueries({ queryKey: activitiesKey }),
  ]);
}

/** The list's key: every website's items, or one website's with those for all websites. */
const contentListKey = (websiteId: number | null) => [...contentKey, { websiteId }] as const;

/** The newest items, of every website or (`websiteId`) of the one chosen in the sidebar. */
export function useContentItems(websiteId: number | null = null) {
  return useQuery({
    queryKey: contentListKey(websiteId),
    queryFn: () =>
      requestJson(
        contentListSchema,
        'GET',
        websiteId === null ? '/api/content' : `/api/content?websiteId=${websiteId}`,
      ),
  });
}

/** Which writer is configured: null = the offline generator (the form says so). */
/** The command palette's content search: the items (the list holds at most 200) whose title holds `text`. */
export function useContentSearch(text: string, { enabled = true }: { enabled?: boolean } = {}) {
  const needle = text.trim().toLocaleLowerCase();
  return useQuery({
    queryKey: contentListKey(null),
    queryFn: () => requestJson(contentListSchema, 'GET', '/api/content'),
    enabled: enabled && needle.length > 0,
    select: (items: ContentItem[]) => items.filter((item) => item.title.toLocaleLowerCase().includes(needle)),
  });
}

export function useAiStatus() {
  return useQuery({ queryKey: ['/api/content/ai-status'], queryFn: queryWith(aiStatusSchema) });
}

export const wordpressKey = ['/api/content/wordpress'] as const;

export function useWordpressStatus() {
  return useQuery({ queryKey: wordpressKey, queryFn: queryWith(wordpressStatusSchema) });
}

/** One server-sent event of POST /api/content/stream-draft. */
function readEvent(raw: string): { name: string; data: string } {
  let name = 'message';
  const data: string[] = [];
  for (const line of raw.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  return { name, data: data.join('\n') };
}

/**
 * Generates through the streaming route: `onText` gets the text as it is written, the stored item (the same
 * as POST /api/generate-content stores) is the answer. Aborting `signal` cancels the request: the server stops
 * the model and stores nothing.
 */
async function generateStreaming(
  input: GenerateContentInput,
  signal: AbortSignal,
  onText: (delta: string) => void,
): Promise<ContentItem> {
  refuseWriteOffline('POST');
  const response = await fetch('/api/content/stream-draft', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
    credentials: 'include',
    signal,
  });
  if (!response.ok || !response.body) throw await ApiError.fromResponse(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let item: ContentItem | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const events = buffer.split('\n\n');
    buffer = events.pop() ?? '';
    for (const event of events.map(readEvent)) {
      if (event.data === '[DONE]') continue;
      if (event.name === 'item') item = contentItemSchema.parse(JSON.parse(event.data));
      else if (event.name === 'error') {
        const body = JSON.parse(event.data) as { status?: number };
        throw new ApiError(body.status ?? 500, event.data);
      } else onText((JSON.parse(event.data) as { delta: string }).delta);
    }
  }
  // The stream ended without its item (the connection dropped): the generic message, in the user's language.
  if (!item) throw new Error(errorMessage(null));
  return item;
}

export const isCancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The content tab's Generate: the draft's text as it streams (`text`), `cancel()` to abort; success refreshes
 * the list and the activities as the non-streaming route would (spec 000 §4).
 */
export function useStreamedGeneration() {
  const [text, setText] = useState('');
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (input: GenerateContentInput) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setText('');
      return generateStreaming(input, abort.signal, (delta) => setText((before) => before + delta));
    },
    onSuccess: refreshContentViews,
  });
  // Leaving the tab cancels a generation still being written.
  useEffect(() => () => controller.current?.abort(), []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { ...mutation, text, cancel };
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
