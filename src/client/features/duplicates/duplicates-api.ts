import { apiRequest, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  contactMergeSchema,
  type DuplicateSettings,
  duplicateScanSchema,
  duplicateSettingsSchema,
  latestScanSchema,
  type MergeRequest,
  mergeListSchema,
  mergeResultSchema,
  suggestionListSchema,
} from '@domain/duplicates/duplicate-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

const key = ['/api/duplicates'] as const;

/** Suggestions, merges, the latest scan, and every contact list (a merge or undo changes them). */
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: key }),
    queryClient.invalidateQueries({ queryKey: ['/api/contacts'] }),
  ]);

export function useSuggestions() {
  return useQuery({
    queryKey: [...key, 'suggestions'],
    queryFn: () => requestJson(suggestionListSchema, 'GET', '/api/duplicates/suggestions?limit=100'),
  });
}

/** The latest scan, read again each second while it is queued or running (its progress). */
export function useLatestScan() {
  const query = useQuery({
    queryKey: [...key, 'scan'],
    queryFn: () => requestJson(latestScanSchema, 'GET', '/api/duplicates/scans/latest'),
    refetchInterval: (query) => {
      const status = query.state.data?.scan?.status;
      return status === 'queued' || status === 'running' ? 1000 : false;
    },
  });
  // A scan that finishes while the screen is open brings its suggestions with it.
  const finishedAt = query.data?.scan?.finishedAt;
  useEffect(() => {
    if (finishedAt) void queryClient.invalidateQueries({ queryKey: [...key, 'suggestions'] });
  }, [finishedAt]);
  return query;
}

export function useStartScan() {
  return useMutation({
    mutationFn: () => requestJson(duplicateScanSchema, 'POST', '/api/duplicates/scans', {}),
    onSuccess: refresh,
  });
}

export function useDismissSuggestion() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('POST', `/api/duplicates/suggestions/${id}/dismiss`, {}),
    onSuccess: refresh,
  });
}

export function useMerges() {
  return useQuery({
    queryKey: [...key, 'merges'],
    queryFn: () => requestJson(mergeListSchema, 'GET', '/api/duplicates/merges'),
  });
}

export function useMergeContacts() {
  return useMutation({
    mutationFn: (input: MergeRequest) => requestJson(mergeResultSchema, 'POST', '/api/contacts/merge', input),
    onSuccess: refresh,
  });
}

export function useUndoMerge() {
  return useMutation({
    mutationFn: (id: number) =>
      requestJson(contactMergeSchema, 'POST', `/api/duplicates/merges/${id}/undo`, {}),
    onSuccess: refresh,
  });
}

export function useDuplicateSettings() {
  return useQuery({
    queryKey: [...key, 'settings'],
    queryFn: () => requestJson(duplicateSettingsSchema, 'GET', '/api/duplicates/settings'),
  });
}

export function useSaveDuplicateSettings() {
  return useMutation({
    mutationFn: (input: DuplicateSettings) =>
      requestJson(duplicateSettingsSchema, 'PUT', '/api/duplicates/settings', input),
    onSuccess: refresh,
  });
}
