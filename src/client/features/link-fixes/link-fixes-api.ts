import { queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import { type SiteFindings, siteFindingsSchema } from '@domain/link-fixes/finding-schemas';
import {
  applyLinkFixesResultSchema,
  type LinkFixReport,
  linkFixReportSchema,
  linkHealthHistorySchema,
} from '@domain/link-fixes/link-fix-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';

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

export function useLinkFixReport(demo: boolean) {
  return useQuery<LinkFixReport>({
    queryKey: [`${base(demo)}/deployment/link-fixes`],
    queryFn: queryWith(linkFixReportSchema),
    // While a crawl or a verification runs, its progress is polled.
    refetchInterval: (query) => (isRunning(query.state.data) ? 2000 : false),
  });
}

/** The findings of the latest crawls, highest impact first (signed in only: the demo has no analytics). */
export function useSiteFindings() {
  return useQuery<SiteFindings>({
    queryKey: ['/api/site-health/findings'],
    queryFn: queryWith(siteFindingsSchema),
  });
}

export function useLinkHealthHistory(demo: boolean) {
  return useQuery({
    queryKey: [`${base(demo)}/site-health/history`],
    queryFn: queryWith(linkHealthHistorySchema),
  });
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
