import { apiRequest, queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import { apiKeySchema, type CreateApiKeyInput, createdApiKeySchema } from '@domain/api-keys/api-key-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

export const apiKeysKey = ['/api/workspace/api-keys'] as const;

/** Keys are an admin's business; others never ask. */
export function useApiKeys(isEnabled: boolean) {
  return useQuery({ queryKey: apiKeysKey, queryFn: queryWith(z.array(apiKeySchema)), enabled: isEnabled });
}

export function useCreateApiKey() {
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) =>
      requestJson(createdApiKeySchema, 'POST', '/api/workspace/api-keys', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/workspace/api-keys/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
