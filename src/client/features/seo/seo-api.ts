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

/** The SEO card's scores, of every website or (`websiteId`) of the one chosen in the sidebar. */
export function useSeoPerformance(demo: boolean, websiteId: number | null = null) {
  const path = `${base(demo)}/site-health/seo`;
  return useQuery({
    queryKey: [path, { websiteId }],
    queryFn: () =>
      requestJson(seoPerformanceSchema, 'GET', websiteId === null ? path : `${path}?websiteId=${websiteId}`),
  });
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
