import { queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  pickServiceAccountKey,
  type SearchConsoleForm,
  searchConsoleStatusSchema,
  seoPerformanceSchema,
} from '@domain/seo/seo-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';

export type { SeoPerformance } from '@domain/seo/seo-schemas';

/** The signed-in screen reads the workspace; the public `-demo` twin reads the demo workspace. */
const base = (demo: boolean) => (demo ? '/api/demo' : '/api');

export function useSeoPerformance(demo: boolean) {
  return useQuery({ queryKey: [`${base(demo)}/site-health/seo`], queryFn: queryWith(seoPerformanceSchema) });
}

const searchConsolePath = '/api/site-health/search-console';

export function useSearchConsole() {
  return useQuery({ queryKey: [searchConsolePath], queryFn: queryWith(searchConsoleStatusSchema) });
}

function refreshSearchConsole() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [searchConsolePath] }),
    queryClient.invalidateQueries({ queryKey: ['/api/site-health/seo'] }),
  ]);
}

export function useConnectSearchConsole() {
  return useMutation({
    mutationFn: (form: SearchConsoleForm) =>
      requestJson(searchConsoleStatusSchema, 'PUT', searchConsolePath, {
        serviceAccountKey: pickServiceAccountKey(form.keyJson),
        properties: form.properties,
      }),
    onSuccess: refreshSearchConsole,
  });
}

export function useDisconnectSearchConsole() {
  return useMutation({
    mutationFn: () => requestJson(searchConsoleStatusSchema, 'DELETE', searchConsolePath),
    onSuccess: refreshSearchConsole,
  });
}
