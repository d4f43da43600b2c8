import { i18n } from '@client/i18n/i18n';
import { apiRequest } from '@client/lib/api';
import { refreshContactViews } from '@client/lib/refresh-contact-views';
import type { FieldIssue } from '@domain/app-error';
import {
  type Contact,
  type ContactCount,
  type ContactCreateInput,
  type ContactDetail,
  type ContactSortKey,
  type ContactStats,
  type ContactStatus,
  type ContactUpdateInput,
  contactsPageSize,
  nextCursorHeader,
  type TimelineEntry,
} from '@domain/contacts/contact-schemas';
import { isServerMessageId, type MessageValues, serverMessages } from '@domain/messages';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

export interface ContactFilters {
  q: string;
  source: string;
  status: ContactStatus | '';
  sort: ContactSortKey;
}

export interface ContactPage {
  contacts: Contact[];
  nextCursor: string | null;
}

function filterParams(filters: Pick<ContactFilters, 'q' | 'source' | 'status'>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.source) params.set('source', filters.source);
  if (filters.status) params.set('status', filters.status);
  return params;
}

/** One keyset page of GET /api/contacts; the next page's cursor comes in a response header. */
export function useContactsPage(filters: ContactFilters, cursor: string | null) {
  return useQuery<ContactPage>({
    queryKey: ['/api/contacts', filters, cursor],
    queryFn: async () => {
      const params = filterParams(filters);
      params.set('sort', filters.sort);
      params.set('limit', String(contactsPageSize));
      if (cursor) params.set('cursor', cursor);
      const response = await apiRequest('GET', `/api/contacts?${params}`);
      return {
        contacts: (await response.json()) as Contact[],
        nextCursor: response.headers.get(nextCursorHeader),
      };
    },
    // Typing in the search box keeps the last rows on screen instead of flashing the loading state.
    placeholderData: keepPreviousData,
  });
}

export function useContactCount(filters: Pick<ContactFilters, 'q' | 'source' | 'status'>) {
  return useQuery<ContactCount>({
    queryKey: ['/api/contacts/count', filters],
    queryFn: async () => (await apiRequest('GET', `/api/contacts/count?${filterParams(filters)}`)).json(),
    placeholderData: keepPreviousData,
  });
}

export function useContactStats() {
  return useQuery<ContactStats>({ queryKey: ['/api/contacts/stats'] });
}

export function useContactDetail(id: number | null) {
  return useQuery<ContactDetail>({ queryKey: [`/api/contacts/${id}`], enabled: id !== null });
}

export function useCreateContact() {
  return useMutation({
    mutationFn: async (input: ContactCreateInput) =>
      (await apiRequest('POST', '/api/contacts', input)).json() as Promise<Contact>,
    onSuccess: refreshContactViews,
  });
}

export function useUpdateContact() {
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: ContactUpdateInput }) =>
      (await apiRequest('PATCH', `/api/contacts/${id}`, input)).json() as Promise<Contact>,
    onSuccess: refreshContactViews,
  });
}

export function useDeleteContact() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/contacts/${id}`),
    onSuccess: refreshContactViews,
  });
}

export function useAddNote(contactId: number) {
  return useMutation({
    mutationFn: async (body: string) =>
      (
        await apiRequest('POST', `/api/contacts/${contactId}/notes`, { body })
      ).json() as Promise<TimelineEntry>,
    onSuccess: refreshContactViews,
  });
}

/** The server's field issues from an apiRequest error ("409: {...issues}"), for inline form errors. */
export function errorIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof Error)) return [];
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return [];
  try {
    const body = JSON.parse(match[1]) as {
      issues?: FieldIssue[];
      messageId?: unknown;
      values?: MessageValues;
    };
    if (!Array.isArray(body.issues)) return [];
    // A catalogued message names its one field: show it there in the user's language too.
    if (body.issues.length === 1 && isServerMessageId(body.messageId)) {
      return [{ path: body.issues[0].path, message: i18n._(serverMessages[body.messageId], body.values) }];
    }
    return body.issues;
  } catch {
    return [];
  }
}

/** True for the 409 a duplicate email or phone answers with (the form then offers to merge). */
export function isDuplicateError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('409: ');
}
