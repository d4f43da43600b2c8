import { activitiesKey } from '@client/features/activities';
import { apiRequest, queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import { type WebsiteInput, websiteSchema } from '@domain/websites/website-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

/** `?open=add-website` on the settings tab: the empty dashboard's 'Add a website' lands in the add dialog. */
export const addWebsiteIntent = 'add-website';

export const websitesKey = ['/api/websites'] as const;

export function useWebsites(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: websitesKey,
    queryFn: queryWith(z.array(websiteSchema)),
    enabled: options.enabled,
  });
}

/** A website change also writes a Recent Activity entry on the server. */
function refreshWebsites() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: websitesKey }),
    queryClient.invalidateQueries({ queryKey: activitiesKey }),
  ]);
}

export function useCreateWebsite() {
  return useMutation({
    mutationFn: (input: WebsiteInput) => requestJson(websiteSchema, 'POST', '/api/websites', input),
    onSuccess: refreshWebsites,
  });
}

export function useUpdateWebsite() {
  return useMutation({
    mutationFn: ({ id, ...input }: WebsiteInput & { id: number }) =>
      requestJson(websiteSchema, 'PATCH', `/api/websites/${id}`, input),
    onSuccess: refreshWebsites,
  });
}

export function useDeleteWebsite() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/websites/${id}`),
    onSuccess: refreshWebsites,
  });
}
