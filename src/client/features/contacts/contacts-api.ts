import { apiRequest, queryWith, readJson, requestJson } from '@client/lib/api';
import { refreshContactViews } from '@client/lib/refresh-contact-views';
import {
  type Contact,
  type ContactCreateInput,
  type ContactSortKey,
  type ContactStatus,
  type ContactUpdateInput,
  companyDetailSchema,
  companySchema,
  contactCountSchema,
  contactDetailSchema,
  contactSchema,
  contactStatsSchema,
  contactsPageSize,
  nextCursorHeader,
  timelineEntrySchema,
} from '@domain/contacts/contact-schemas';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

const companyListSchema = z.array(companySchema.extend({ contactCount: z.number() }));

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
        contacts: await readJson(response, z.array(contactSchema)),
        nextCursor: response.headers.get(nextCursorHeader),
      };
    },
    // Typing in the search box keeps the last rows on screen instead of flashing the loading state.
    placeholderData: keepPreviousData,
  });
}

/** The command palette's search: the first few contacts whose name, email or company holds `q`. */
export function useContactSearch(
  q: string,
  { enabled = true, limit = 8 }: { enabled?: boolean; limit?: number } = {},
) {
  const text = q.trim();
  return useQuery({
    queryKey: ['/api/contacts', 'search', text, limit],
    queryFn: () =>
      requestJson(
        z.array(contactSchema),
        'GET',
        `/api/contacts?${new URLSearchParams({ q: text, limit: String(limit) })}`,
      ),
    enabled: enabled && text.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useContactCount(filters: Pick<ContactFilters, 'q' | 'source' | 'status'>) {
  return useQuery({
    queryKey: ['/api/contacts/count', filters],
    queryFn: () => requestJson(contactCountSchema, 'GET', `/api/contacts/count?${filterParams(filters)}`),
    placeholderData: keepPreviousData,
  });
}

/** The contact tiles' figures, of every website or (`websiteId`) of the one chosen in the sidebar. */
export function useContactStats(websiteId: number | null = null) {
  const url = websiteId === null ? '/api/contacts/stats' : `/api/contacts/stats?websiteId=${websiteId}`;
  return useQuery({ queryKey: [url], queryFn: queryWith(contactStatsSchema) });
}

export function useContactDetail(id: number | null) {
  return useQuery({
    queryKey: [`/api/contacts/${id}`],
    queryFn: queryWith(contactDetailSchema),
    enabled: id !== null,
  });
}

export function useCreateContact() {
  return useMutation({
    mutationFn: (input: ContactCreateInput) => requestJson(contactSchema, 'POST', '/api/contacts', input),
    onSuccess: refreshContactViews,
  });
}

export function useUpdateContact() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ContactUpdateInput }) =>
      requestJson(contactSchema, 'PATCH', `/api/contacts/${id}`, input),
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
    mutationFn: (body: string) =>
      requestJson(timelineEntrySchema, 'POST', `/api/contacts/${contactId}/notes`, { body }),
    onSuccess: refreshContactViews,
  });
}

/** A company with its contacts (the company screen). */
export function useCompany(id: number | null) {
  return useQuery({
    queryKey: ['/api/companies', id],
    queryFn: () => requestJson(companyDetailSchema, 'GET', `/api/companies/${id}`),
    enabled: id !== null,
  });
}

/** The companies by name, with their contact counts (the company list). */
export function useCompanies() {
  return useQuery({
    queryKey: ['/api/companies', 'list'],
    queryFn: () => requestJson(companyListSchema, 'GET', '/api/companies?limit=200'),
  });
}
