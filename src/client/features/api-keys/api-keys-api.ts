import { apiRequest } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from '@domain/api-keys/api-key-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';

export const apiKeysKey = ['/api/workspace/api-keys'] as const;

/** Keys are an admin's business; others never ask. */
export function useApiKeys(isEnabled: boolean) {
  return useQuery<ApiKey[]>({ queryKey: apiKeysKey, enabled: isEnabled });
}

export function useCreateApiKey() {
  return useMutation({
    mutationFn: async (input: CreateApiKeyInput) =>
      (await apiRequest('POST', '/api/workspace/api-keys', input)).json() as Promise<CreatedApiKey>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/workspace/api-keys/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
