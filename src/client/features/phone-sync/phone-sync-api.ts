import { apiRequest, queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  createdSyncTokenSchema,
  type PhoneSyncType,
  receivedSyncSchema,
  type SyncRecord,
  syncRecordSchema,
  syncTokenSchema,
  testTokenSchema,
} from '@domain/phone-sync/sync-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

export const syncRecordsKey = ['/api/iphone/sync-records'] as const;
export const syncTokensKey = ['/api/iphone/sync-tokens'] as const;
const testTokenKey = ['/api/iphone/test-token'] as const;

const recordPollMs = 2000;

/** Polled only while a record is still processing (and has not failed). */
export function useSyncRecords() {
  return useQuery<SyncRecord[]>({
    queryKey: syncRecordsKey,
    queryFn: queryWith(z.array(syncRecordSchema)),
    refetchInterval: (query) =>
      query.state.data?.some((r) => !r.processed && !r.error_message) ? recordPollMs : false,
  });
}

export function useTestToken(isEnabled: boolean) {
  return useQuery({ queryKey: testTokenKey, queryFn: queryWith(testTokenSchema), enabled: isEnabled });
}

export function usePhoneSync() {
  return useMutation({
    mutationFn: async (payload: { type: PhoneSyncType; data: unknown[]; authToken: string; test: boolean }) =>
      requestJson(receivedSyncSchema, 'POST', '/api/iphone/sync', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syncRecordsKey }),
  });
}

export function useSyncTokens(isEnabled: boolean) {
  return useQuery({
    queryKey: syncTokensKey,
    queryFn: queryWith(z.array(syncTokenSchema)),
    enabled: isEnabled,
  });
}

export function useCreateSyncToken() {
  return useMutation({
    mutationFn: (name: string) =>
      requestJson(createdSyncTokenSchema, 'POST', '/api/iphone/sync-tokens', { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syncTokensKey }),
  });
}

export function useRevokeSyncToken() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/iphone/sync-tokens/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syncTokensKey }),
  });
}
