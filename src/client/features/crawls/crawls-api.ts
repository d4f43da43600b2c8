import { apiRequest, queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  type ServerType,
  type SiteHealthSettingsForm,
  siteHealthSettingsValueSchema,
  websiteHealthSchema,
} from '@domain/crawls/crawl-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

export { type CrawlProgress, type ServerType, serverTypes } from '@domain/crawls/crawl-schemas';

/** Each website's crawl settings and latest crawl (signed-in only: the demo twin has no settings to show). */
export function useWebsiteHealth(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/site-health/websites'],
    queryFn: queryWith(z.array(websiteHealthSchema)),
    enabled,
  });
}

/**
 * A crawl and its settings feed the link-fix report, its history and the SEO scores: those areas' queries
 * are refreshed by key, which needs no import of their features.
 */
function refreshCrawlResults() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/site-health/websites'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/deployment/link-fixes'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/site-health/seo'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/site-health/history'] }),
  ]);
}

export function useStartCrawl() {
  return useMutation({
    mutationFn: async (websiteId: number) =>
      apiRequest('POST', `/api/site-health/websites/${websiteId}/crawls`),
    onSuccess: refreshCrawlResults,
  });
}

export function useUpdateServerType() {
  return useMutation({
    mutationFn: async ({ websiteId, serverType }: { websiteId: number; serverType: ServerType }) =>
      apiRequest('PATCH', `/api/site-health/websites/${websiteId}/settings`, { serverType }),
    onSuccess: refreshCrawlResults,
  });
}

export function useUpdateCrawlSettings(websiteId: number) {
  return useMutation({
    mutationFn: (form: SiteHealthSettingsForm) =>
      requestJson(siteHealthSettingsValueSchema, 'PATCH', `/api/site-health/websites/${websiteId}/settings`, {
        ...form,
        startUrl: form.startUrl === '' ? null : form.startUrl,
      }),
    onSuccess: refreshCrawlResults,
  });
}
