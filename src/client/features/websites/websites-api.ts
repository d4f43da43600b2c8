import { apiRequest } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import type { Website, WebsiteInput } from '@domain/websites/website-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';

export const websitesKey = ['/api/websites'] as const;

export function useWebsites() {
  return useQuery<Website[]>({ queryKey: websitesKey });
}

/** A website change also writes a Recent Activity entry on the server. */
function refreshWebsites() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: websitesKey }),
    queryClient.invalidateQueries({ queryKey: ['/api/activities'] }),
  ]);
}

export function useCreateWebsite() {
  return useMutation({
    mutationFn: async (input: WebsiteInput) =>
      (await apiRequest('POST', '/api/websites', input)).json() as Promise<Website>,
    onSuccess: refreshWebsites,
  });
}

export function useUpdateWebsite() {
  return useMutation({
    mutationFn: async ({ id, ...input }: WebsiteInput & { id: number }) =>
      (await apiRequest('PATCH', `/api/websites/${id}`, input)).json() as Promise<Website>,
    onSuccess: refreshWebsites,
  });
}

export function useDeleteWebsite() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/websites/${id}`),
    onSuccess: refreshWebsites,
  });
}
