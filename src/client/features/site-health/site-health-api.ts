import { apiRequest } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import type { MessageValues, ServerMessageId } from '@domain/messages';
import { useMutation, useQuery } from '@tanstack/react-query';

export const fixCategories = [
  'broken-internal',
  'broken-external',
  'redirect-chain',
  'redirect-loop',
  'http-to-https',
  'case-mismatch',
  'trailing-slash',
] as const;
export type FixCategory = (typeof fixCategories)[number];
export const serverTypes = ['nginx', 'apache', 'netlify', 'vercel', 'cloudflare', 'express'] as const;
export type ServerType = (typeof serverTypes)[number];

export interface LinkFix {
  category: FixCategory;
  brokenUrl: string;
  fixedUrl: string | null;
  reason: string;
  reasonId: ServerMessageId;
  reasonValues: MessageValues;
  sources: string[];
  critical: boolean;
  internal: boolean;
  domain: string;
}

export interface CrawlProgress {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  pagesDone: number;
  pagesQueued: number;
  pagesSkipped: number;
  seoScore: number | null;
  finishedAt: string | null;
}

export interface DomainReport {
  websiteId: number;
  name: string;
  domain: string;
  serverType: ServerType;
  fileName: string;
  crawl: CrawlProgress | null;
  fixes: number;
  redirects: number;
  lastDeployment: {
    id: number;
    createdAt: string;
    fixes: number;
    verification: { status: string; working: string[]; failing: string[] };
  } | null;
}

/** GET /api/deployment/link-fixes: spec 001 §3's link fix report, plus every fix and each domain's state. */
export interface LinkFixReport {
  totalFixes: number;
  criticalFixes: LinkFix[];
  fixesByCategory: Record<FixCategory, number>;
  deploymentSnippets: Record<string, string>;
  routerConfiguration: Record<string, string[]>;
  deploymentInstructions: string[];
  deploymentInstructionMessages: { id: ServerMessageId; values: MessageValues }[];
  fixes: LinkFix[];
  domains: DomainReport[];
}

export interface CheckResult {
  id: string;
  weight: number;
  passed: boolean;
  detail?: string;
}

export interface SeoPerformance {
  overallScore: number | null;
  rankMeasured: boolean;
  sites: {
    websiteId: number;
    name: string;
    domain: string;
    score: number | null;
    pages: number;
    crawledAt: string | null;
    siteChecks: CheckResult[];
    failingChecks: { id: string; pages: number }[];
    keywords: { keyword: string; path: string; url: string | null; pageScore: number | null }[];
  }[];
}

export interface LinkHealthHistory {
  websiteId: number;
  name: string;
  domain: string;
  crawls: {
    crawlId: number;
    finishedAt: string | null;
    pages: number | null;
    links: number | null;
    broken: number | null;
    seoScore: number | null;
  }[];
}

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
    // While a crawl or a verification runs, its progress is polled.
    refetchInterval: (query) => (isRunning(query.state.data) ? 2000 : false),
  });
}

export function useSeoPerformance(demo: boolean) {
  return useQuery<SeoPerformance>({ queryKey: [`${base(demo)}/site-health/seo`] });
}

export function useLinkHealthHistory(demo: boolean) {
  return useQuery<LinkHealthHistory[]>({ queryKey: [`${base(demo)}/site-health/history`] });
}

function refreshSiteHealth() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/deployment/link-fixes'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/site-health/seo'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/site-health/history'] }),
  ]);
}

export function useApplyLinkFixes() {
  return useMutation({
    mutationFn: async (domain: string) =>
      (await apiRequest('POST', '/api/deployment/apply-link-fixes', { domain })).json() as Promise<{
        domain: string;
        fixes: number;
      }>,
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

/** Saves text as a file download in the browser. */
export function downloadText(fileName: string, text: string, type = 'text/plain') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
