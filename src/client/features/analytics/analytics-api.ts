import { queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  type AnalyticsOverview,
  type AnalyticsRange,
  type AnalyticsSettings,
  analyticsSettingsSchema,
  appFiguresSchema,
  contactPageViewsSchema,
  funnelSchema,
  overviewSchema,
  snippetSchema,
} from '@domain/analytics/analytics-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

function query(range: AnalyticsRange, site: number | null): string {
  return site === null ? `range=${range}` : `range=${range}&site=${site}`;
}

/** While no site has sent anything, the install instructions stay up and look again for the first visit. */
const waitingForFirstVisitMs = 10_000;

export function useAnalyticsOverview(range: AnalyticsRange, site: number | null) {
  return useQuery<AnalyticsOverview>({
    queryKey: [`/api/analytics/overview?${query(range, site)}`],
    queryFn: queryWith(overviewSchema),
    refetchInterval: (q) => (q.state.data?.hasData === false ? waitingForFirstVisitMs : false),
  });
}

/**
 * When the first visit shows up, the other analytics figures fetched while there was none (funnel,
 * snippet, other ranges) are stale too: fetch them again (once: hasData stays true).
 */
export function useRefreshOnFirstVisit(hasData: boolean | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!hasData) return;
    void queryClient.invalidateQueries({
      predicate: (q) => String(q.queryKey[0]).startsWith('/api/analytics/'),
    });
  }, [hasData, queryClient]);
}

export function useFunnel(range: AnalyticsRange, site: number | null) {
  return useQuery({
    queryKey: [`/api/analytics/funnel?range=${range}&site=${site}`],
    queryFn: queryWith(funnelSchema),
    enabled: site !== null,
  });
}

export function useSnippet(siteId: number) {
  return useQuery({
    queryKey: [`/api/analytics/sites/${siteId}/snippet`],
    queryFn: queryWith(snippetSchema),
  });
}

/** Catalogue Analytics tab: figures of applications that have a website. */
export function useAppFigures() {
  return useQuery({ queryKey: ['/api/analytics/apps'], queryFn: queryWith(appFiguresSchema) });
}

export function exportUrl(report: string, range: AnalyticsRange, site: number | null): string {
  return `/api/analytics/export/${report}?${query(range, site)}`;
}

/** A contact's page views on the workspace's websites, newest first (the contact's timeline). */
export function useContactPageViews(contactId: number) {
  return useQuery({
    queryKey: [`/api/analytics/contacts/${contactId}/page-views`],
    queryFn: queryWith(contactPageViewsSchema),
  });
}

const settingsKey = '/api/analytics/settings';

export function useAnalyticsSettings() {
  return useQuery({ queryKey: [settingsKey], queryFn: queryWith(analyticsSettingsSchema) });
}

export function useUpdateAnalyticsSettings() {
  return useMutation({
    mutationFn: (changes: Partial<AnalyticsSettings>) =>
      requestJson(analyticsSettingsSchema, 'PATCH', settingsKey, changes),
    onSuccess: (settings) => queryClient.setQueryData([settingsKey], settings),
  });
}
