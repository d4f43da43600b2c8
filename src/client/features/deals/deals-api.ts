import { i18n } from '@client/i18n/i18n';
import { queryWith, requestJson } from '@client/lib/api';
import { toastError } from '@client/lib/error-toast';
import { queryClient } from '@client/lib/query-client';
import { refreshContactViews } from '@client/lib/refresh-contact-views';
import { contactSchema } from '@domain/contacts/contact-schemas';
import {
  type DealBoard,
  type DealCard,
  type DealCreateInput,
  type DealFilters,
  type DealPage,
  type DealStage,
  type DealWithContactCreateInput,
  dealBoardSchema,
  dealPageSchema,
  dealSchema,
  dealStatsSchema,
} from '@domain/deals/deal-schemas';
import { msg } from '@lingui/core/macro';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

export type BoardFilters = Pick<DealFilters, 'ownerId' | 'websiteId' | 'closeMonth'>;

function params(values: Record<string, string | number | undefined>): URLSearchParams {
  const result = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== '') result.set(key, String(value));
  return result;
}

const boardKey = (filters: BoardFilters) => ['/api/deals/board', filters] as const;

export function useDealBoard(filters: BoardFilters) {
  return useQuery({
    queryKey: boardKey(filters),
    queryFn: () => requestJson(dealBoardSchema, 'GET', `/api/deals/board?${params(filters)}`),
  });
}

/** GET /api/deals one keyset page after another (the table view's "Load more"). */
export function useDealList(filters: DealFilters & { stage?: DealStage }) {
  return useInfiniteQuery<DealPage>({
    queryKey: ['/api/deals', filters],
    initialPageParam: null,
    queryFn: ({ pageParam }) =>
      requestJson(
        dealPageSchema,
        'GET',
        `/api/deals?${params({ ...filters, cursor: (pageParam as string | null) ?? undefined })}`,
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** How many deals the command palette looks through: GET /api/deals has no text search, so it reads one page. */
const searchedDeals = 200;

/**
 * The command palette's deal search: the deals (the newest {@link searchedDeals}) whose name, contact or
 * company holds `text`, case-insensitively.
 */
export function useDealSearch(text: string, { enabled = true }: { enabled?: boolean } = {}) {
  const needle = text.trim().toLocaleLowerCase();
  return useQuery({
    queryKey: ['/api/deals', { limit: searchedDeals }],
    queryFn: () => requestJson(dealPageSchema, 'GET', `/api/deals?${params({ limit: searchedDeals })}`),
    enabled: enabled && needle.length > 0,
    select: (page) =>
      page.deals.filter((deal) =>
        [deal.name, deal.contactName, deal.companyName ?? ''].some((field) =>
          field.toLocaleLowerCase().includes(needle),
        ),
      ),
  });
}

/** The CRM's deal figures, of every website or (`websiteId`) of the one chosen in the sidebar. */
export function useDealStats(websiteId: number | null = null) {
  const url = websiteId === null ? '/api/deals/stats' : `/api/deals/stats?websiteId=${websiteId}`;
  return useQuery({ queryKey: [url], queryFn: queryWith(dealStatsSchema) });
}

/** After any deal write: every deals read, and the contacts views a won deal can change (status). */
const refreshDealViews = refreshContactViews;

export function useCreateDeal() {
  return useMutation({
    mutationFn: (input: DealCreateInput) => requestJson(dealSchema, 'POST', '/api/deals', input),
    onSuccess: refreshDealViews,
  });
}

/** A new contact and its deal in one request (the board's "Add Deal" with a contact typed in). */
export function useCreateDealWithContact() {
  return useMutation({
    mutationFn: (input: DealWithContactCreateInput) =>
      requestJson(dealSchema, 'POST', '/api/deals/with-contact', input),
    onSuccess: refreshDealViews,
  });
}

/** The first contacts matching `q` (name, email or company), newest first; the newest without one. */
export function useContactSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['/api/contacts', { q: query, limit: 8, picker: true }],
    queryFn: () =>
      requestJson(z.array(contactSchema), 'GET', `/api/contacts?${params({ q: query, limit: 8 })}`),
    placeholderData: keepPreviousData,
  });
}

/** The board with `deal` taken out of its column and put first in `stage`'s, totals moved with it. */
function withMove(board: DealBoard, deal: DealCard, stage: DealStage): DealBoard {
  const moved = { ...deal, stage };
  return {
    columns: board.columns.map((column) => {
      if (column.stage === deal.stage) {
        return {
          ...column,
          count: column.count - 1,
          valueCents: column.valueCents - deal.valueCents,
          deals: column.deals.filter((d) => d.id !== deal.id),
        };
      }
      if (column.stage === stage) {
        return {
          ...column,
          count: column.count + 1,
          valueCents: column.valueCents + deal.valueCents,
          deals: [moved, ...column.deals],
        };
      }
      return column;
    }),
  };
}

/**
 * Moves a card at once and asks the server; when the server refuses, the card goes back and a
 * destructive toast says why.
 */
const moveFailed = msg`Move Failed`;

export function useMoveDeal(filters: BoardFilters) {
  const key = boardKey(filters);
  return useMutation({
    mutationFn: ({ deal, stage }: { deal: DealCard; stage: DealStage }) =>
      requestJson(dealSchema, 'POST', `/api/deals/${deal.id}/stage`, { stage }),
    onMutate: async ({ deal, stage }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DealBoard>(key);
      if (previous) queryClient.setQueryData(key, withMove(previous, deal, stage));
      return { previous };
    },
    onError: (error, _move, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toastError(i18n._(moveFailed), error);
    },
    onSettled: refreshDealViews,
  });
}
