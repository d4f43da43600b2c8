import { requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import { type SiteFindings, siteFindingsSchema } from '@domain/link-fixes/finding-schemas';
import {
  applyLinkFixesResultSchema,
  type LinkFixReport,
  linkFixReportSchema,
  linkHealthHistorySchema,
} from '@domain/link-fixes/link-fix-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

export {
  type DomainReport,
  type FixCategory,
  fixCategories,
  type LinkFix,
  type LinkFixReport,
  type LinkHealthHistory,
} from '@domain/link-fixes/link-fix-schemas';

/** The signed-in screen reads the workspace; the public `-demo` twin reads the demo workspace. */
const base = (demo: boolean) => (demo ? '/api/demo' : '/api');

const isRunning = (report: LinkFixReport | undefined) =>
  report?.domains.some(
    (d) =>
      d.crawl?.status === 'queued' ||
      d.crawl?.status === 'running' ||
      (d.lastDeployment !== null && d.lastDeployment.verification.status !== 'done'),
  ) ?? false;

/** A read of every website, or (`websiteId`, the sidebar's) of that one; keyed by both, so each is cached. */
function filtered<S extends z.ZodType>(schema: S, path: string, websiteId: number | null) {
  return {
    queryKey: [path, { websiteId }],
    queryFn: () => requestJson(schema, 'GET', websiteId === null ? path : `${path}?websiteId=${websiteId}`),
  };
}

export function useLinkFixReport(demo: boolean, websiteId: number | null = null) {
  return useQuery<LinkFixReport>({
    ...filtered(linkFixReportSchema, `${base(demo)}/deployment/link-fixes`, websiteId),
    // While a crawl or a verification runs, its progress is polled.
    refetchInterval: (query) => (isRunning(query.state.data) ? 2000 : false),
  });
}

/** The findings of the latest crawls, highest impact first (signed in only: the demo has no analytics). */
export function useSiteFindings(websiteId: number | null = null) {
  return useQuery<SiteFindings>(filtered(siteFindingsSchema, '/api/site-health/findings', websiteId));
}

export function useLinkHealthHistory(demo: boolean, websiteId: number | null = null) {
  return useQuery(filtered(linkHealthHistorySchema, `${base(demo)}/site-health/history`, websiteId));
}

/**
 * Applying fixes changes the link-fix report and its history, and the crawls' and SEO areas' answers too:
 * their queries are refreshed by key, which needs no import of those features.
 */
function refreshAfterApply() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/site-health/websites'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/deployment/link-fixes'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/site-health/seo'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/site-health/history'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/site-health/findings'] }),
  ]);
}

export function useApplyLinkFixes() {
  return useMutation({
    mutationFn: (domain: string) =>
      requestJson(applyLinkFixesResultSchema, 'POST', '/api/deployment/apply-link-fixes', { domain }),
    onSuccess: refreshAfterApply,
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
