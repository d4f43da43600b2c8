import { apiRequest } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import type { PhoneSyncType } from '@domain/phone-sync/sync-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';

export interface SyncRecord {
  id: number;
  sync_type: PhoneSyncType;
  item_count: number;
  processed: boolean;
  contacts_created: number;
  contacts_updated: number;
  error_message: string | null;
  created_at: string;
}

export interface SyncToken {
  id: number;
  name: string;
  tokenHint: string;
  isTestToken: boolean;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

export const syncRecordsKey = ['/api/iphone/sync-records'] as const;
export const syncTokensKey = ['/api/iphone/sync-tokens'] as const;
const testTokenKey = ['/api/iphone/test-token'] as const;

const recordPollMs = 2000;

/** Polled only while a record is still processing (and has not failed). */
export function useSyncRecords() {
  return useQuery<SyncRecord[]>({
    queryKey: syncRecordsKey,
    refetchInterval: (query) =>
      query.state.data?.some((r) => !r.processed && !r.error_message) ? recordPollMs : false,
  });
}

export function useTestToken(isEnabled: boolean) {
  return useQuery<{ token: string | null }>({ queryKey: testTokenKey, enabled: isEnabled });
}

export function usePhoneSync() {
  return useMutation({
    mutationFn: async (payload: { type: PhoneSyncType; data: unknown[]; authToken: string }) =>
      (await apiRequest('POST', '/api/iphone/sync', payload)).json() as Promise<{ recordId: number }>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syncRecordsKey }),
  });
}

export function useSyncTokens(isEnabled: boolean) {
  return useQuery<SyncToken[]>({ queryKey: syncTokensKey, enabled: isEnabled });
}

export function useCreateSyncToken() {
  return useMutation({
    mutationFn: async (name: string) =>
      (await apiRequest('POST', '/api/iphone/sync-tokens', { name })).json() as Promise<
        SyncToken & { token: string }
      >,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syncTokensKey }),
  });
}

export function useRevokeSyncToken() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/iphone/sync-tokens/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syncTokensKey }),
  });
}
