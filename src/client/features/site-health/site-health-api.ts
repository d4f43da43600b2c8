import { apiRequest, queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  type ServerType,
  type SiteHealthSettingsForm,
  siteHealthSettingsValueSchema,
  websiteHealthSchema,
} from '@domain/crawls/crawl-schemas';
import {
  applyLinkFixesResultSchema,
  type LinkFixReport,
  linkFixReportSchema,
  linkHealthHistorySchema,
} from '@domain/link-fixes/link-fix-schemas';
import {
  pickServiceAccountKey,
  type SearchConsoleForm,
  searchConsoleStatusSchema,
  seoPerformanceSchema,
} from '@domain/seo/seo-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

export { type CrawlProgress, type ServerType, serverTypes } from '@domain/crawls/crawl-schemas';
export {
  type DomainReport,
  type FixCategory,
  fixCategories,
  type LinkFix,
  type LinkFixReport,
  type LinkHealthHistory,
} from '@domain/link-fixes/link-fix-schemas';
export type { SeoPerformance } from '@domain/seo/seo-schemas';

/** The signed-in screen reads the workspace; the public `-demo` twin reads the demo workspace. */
const base = (demo: boolean) => (demo ? '/api/demo' : '/api');

const isRunning = (report: LinkFixReport | undefined) =>
  report?.domains.some(
    (d) =>
      d.crawl?.status === 'queued' ||
      d.crawl?.status === 'running' ||
      (d.lastDeployment !== null && d.lastDeployment.verification.status !== 'done'),
  ) ?? false;

export function useLinkFixReport(demo: boolean) {
  return useQuery<LinkFixReport>({
    queryKey: [`${base(demo)}/deployment/link-fixes`],
    queryFn: queryWith(linkFixReportSchema),
    // While a crawl or a verification runs, its progress is polled.
    refetchInterval: (query) => (isRunning(query.state.data) ? 2000 : false),
  });
}

export function useSeoPerformance(demo: boolean) {
  return useQuery({ queryKey: [`${base(demo)}/site-health/seo`], queryFn: queryWith(seoPerformanceSchema) });
}

export function useLinkHealthHistory(demo: boolean) {
  return useQuery({
    queryKey: [`${base(demo)}/site-health/history`],
    queryFn: queryWith(linkHealthHistorySchema),
  });
}

/** Each website's crawl settings and latest crawl (signed-in only: the demo twin has no settings to show). */
export function useWebsiteHealth(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/site-health/websites'],
    queryFn: queryWith(z.array(websiteHealthSchema)),
    enabled,
  });
}

function refreshSiteHealth() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/site-health/websites'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/deployment/link-fixes'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/site-health/seo'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/site-health/history'] }),
  ]);
}

export function useApplyLinkFixes() {
  return useMutation({
    mutationFn: (domain: string) =>
      requestJson(applyLinkFixesResultSchema, 'POST', '/api/deployment/apply-link-fixes', { domain }),
    onSuccess: refreshSiteHealth,
  });
}

export function useStartCrawl() {
  return useMutation({
    mutationFn: async (websiteId: number) =>
      apiRequest('POST', `/api/site-health/websites/${websiteId}/crawls`),
    onSuccess: refreshSiteHealth,
  });
}

export function useUpdateServerType() {
  return useMutation({
    mutationFn: async ({ websiteId, serverType }: { websiteId: number; serverType: ServerType }) =>
      apiRequest('PATCH', `/api/site-health/websites/${websiteId}/settings`, { serverType }),
    onSuccess: refreshSiteHealth,
  });
}

export function useUpdateCrawlSettings(websiteId: number) {
  return useMutation({
    mutationFn: (form: SiteHealthSettingsForm) =>
      requestJson(siteHealthSettingsValueSchema, 'PATCH', `/api/site-health/websites/${websiteId}/settings`, {
        ...form,
        startUrl: form.startUrl === '' ? null : form.startUrl,
      }),
    onSuccess: refreshSiteHealth,
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

/** Saves text as a file download in the browser. */
export function downloadText(fileName: string, text: string, type = 'text/plain') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
