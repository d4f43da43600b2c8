import { queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import { refreshContactViews } from '@client/lib/refresh-contact-views';
import {
  type CollectionRun,
  collectionRunSchema,
  contactsBySourceSchema,
  ecosystemReportSchema,
} from '@domain/data-collection/data-collection-schemas';
import { appSourceSchema, endpointSchema } from '@domain/ecosystem/ecosystem-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

export const useAppSources = () =>
  useQuery({ queryKey: ['/api/app-sources'], queryFn: queryWith(z.array(appSourceSchema)) });
export const useContactsBySource = () =>
  useQuery({ queryKey: ['/api/contacts/by-source'], queryFn: queryWith(contactsBySourceSchema) });
export const useDataEndpoints = () =>
  useQuery({ queryKey: ['/api/data-collection/endpoints'], queryFn: queryWith(z.array(endpointSchema)) });
export const useEcosystemReport = () =>
  useQuery({
    queryKey: ['/api/data-collection/ecosystem-report'],
    queryFn: queryWith(ecosystemReportSchema),
  });

/** The latest collection run, polled while it is working so the bar shows the job's real progress. */
export function useLatestRun() {
  return useQuery<CollectionRun | null>({
    queryKey: ['/api/data-collection/runs/latest'],
    queryFn: queryWith(collectionRunSchema.nullable()),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'running' ? 1000 : false;
    },
  });
}

/** Contact views and the console's figures, after an action or when a collection run ends. */
export async function refreshEcosystem() {
  await Promise.all([
    refreshContactViews(),
    queryClient.invalidateQueries({ queryKey: ['/api/contacts/by-source'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/data-collection/ecosystem-report'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/data-collection/runs/latest'] }),
  ]);
}

/** A POST to one of the console's actions, answered as `schema` says; the contact views refresh after it. */
export function useConsoleAction<S extends z.ZodType>(url: string, schema: S) {
  return useMutation({
    mutationFn: (body?: unknown) => requestJson(schema, 'POST', url, body),
    onSuccess: refreshEcosystem,
  });
}
