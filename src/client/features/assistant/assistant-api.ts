import { requestJson } from '@client/lib/api';
import {
  type AssistantContact,
  type AssistantScenario,
  minInputLength,
  type RecentActivityEntry,
  suggestionResponseSchema,
} from '@domain/assistant/assistant-schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

/** Spec 001 §5 and §9: typed input waits this long for a pause before it is sent. */
export const debounceMs = 300;
/** Spec 001 §5 and §9: an answer is reused for the same input this long. */
export const cacheMs = 30_000;

export const signedInEndpoint = '/api/ai/contextual-suggestions';
export const demoEndpoint = '/api/ai/contextual-suggestions-demo';

/** `value`, once it has not changed for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export interface SuggestionContext {
  endpoint: typeof signedInEndpoint | typeof demoEndpoint;
  currentPage: AssistantScenario;
  userInput: string;
  contactData?: AssistantContact | null;
  recentActivity: RecentActivityEntry[];
  formData?: Record<string, string> | null;
}

/**
 * The suggestions for what is typed: asked only from 3 characters, after a 300 ms pause, and cached for
 * 30 s per input (scenario, text and contact), so typing back an earlier input asks nothing. The recent
 * activity travels with the request but is not part of the cache key.
 */
export function useSuggestions(context: SuggestionContext) {
  // Debounced as text: the contact is a new object on every render of a form.
  const asked = useDebouncedValue(
    JSON.stringify({ input: context.userInput.trim(), contact: context.contactData ?? null }),
    debounceMs,
  );
  const { input, contact } = JSON.parse(asked) as { input: string; contact: AssistantContact | null };
  const latest = useRef(context);
  latest.current = context;
  return useQuery({
    queryKey: [context.endpoint, context.currentPage, asked],
    queryFn: () =>
      requestJson(suggestionResponseSchema, 'POST', context.endpoint, {
        currentPage: context.currentPage,
        userInput: input,
        contactData: contact,
        recentActivity: latest.current.recentActivity,
        formData: latest.current.formData ?? null,
      }),
    enabled: input.length >= minInputLength,
    staleTime: cacheMs,
    gcTime: cacheMs,
    retry: false,
  });
}
