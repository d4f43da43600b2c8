import { apiRequest } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import type { Website, WebsiteInput } from '@domain/websites/website-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';

/** `?open=add-website` on the settings tab: the empty dashboard's 'Add a website' lands in the add dialog. */
export const addWebsiteIntent = 'add-website';

export const websitesKey = ['/api/websites'] as const;

export function useWebsites(options: { enabled?: boolean } = {}) {
  return useQuery<Website[]>({ queryKey: websitesKey, enabled: options.enabled });
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
