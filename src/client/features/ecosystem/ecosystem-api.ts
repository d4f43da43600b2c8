import { apiRequest } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import { refreshContactViews } from '@client/lib/refresh-contact-views';
import type { ContactStatus } from '@domain/contacts/contact-schemas';
import type {
  AppInput,
  EcosystemApp,
  EcosystemEndpoint,
  EndpointInput,
} from '@domain/ecosystem/ecosystem-schemas';
import type { Urgency } from '@domain/ecosystem/opportunity-score';
import { useMutation, useQuery } from '@tanstack/react-query';

export interface AppsResponse {
  apps: EcosystemApp[];
  categories: string[];
  totalEcosystemValue: number;
}
export interface AppSource {
  name: string;
  type: string;
  description: string;
  url: string;
}
export interface SourceContacts {
  contacts: {
    id: number;
    firstName: string;
    lastName: string;
    email: string | null;
    status: ContactStatus;
  }[];
  total: number;
}
export interface EcosystemReport {
  totalContacts: number;
  contactsBySource: Record<string, number>;
  totalValue: number;
  topSources: { source: string; count: number; value: number }[];
}
export interface CollectionRun {
  id: number;
  status: 'queued' | 'running' | 'completed' | 'failed';
  progress: number;
  totalApps: number;
  totalContacts: number;
  app: { name: string } | null;
  integration: { integrated: number };
  results: {
    appName: string;
    endpointName: string;
    status: 'pending' | 'running' | 'completed' | 'failed';
    fetched: number;
    created: number;
    updated: number;
    failed: number;
    reason: string | null;
  }[];
}
export interface Opportunity {
  contact: { id: number; name: string; email: string | null };
  currentApp: string;
  targetApp: string;
  targetService: string;
  urgency: Urgency;
  score: number;
  valueEstimate: number;
  reasoning: string;
  callToAction: string;
}
export interface PlanItem {
  id: number;
  title: string;
  sourceApp: string;
  targetApp: string;
  priority: 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW';
  revenue: number;
  timeline: string;
  difficulty: 'Easy' | 'Medium' | 'Hard';
  status: 'Not Started' | 'In Progress' | 'Completed';
  description: string;
  targetAudience: string;
  steps: string[];
}
export interface Backlinks {
  implementationGuide: string[];
  contentPieces: {
    sourceApp: string;
    targetApp: string;
    placement: string;
    description: string;
    metrics: { expectedTraffic: number; conversionPotential: number; estimatedRevenue: number };
  }[];
}
export interface CrossSalesMetrics {
  totalOpportunities: number;
  estimatedRevenue: number;
  highValueOpportunities: number;
  conversionFunnel: { stage: string; count: number; percentage: number }[];
  topTargetApps: { app: string; count: number; revenue: number }[];
}
export interface Matrix {
  crossSalesMatrix: Record<
    string,
    { id: number; app: string; services: string[]; valueRange: [number, number]; reasoning: string }[]
  >;
}
export interface CrossSell {
  app: { name: string };
  crossSellOpportunities: {
    targetApp: string;
    context: string;
    incentive: string;
    placement: string;
    priority: string;
  }[];
}
export interface IntegrationStatus {
  totalApplications: number;
  crossSellOpportunities: number;
  linkFixesDeployed: number;
  totalEcosystemValue: number;
}

/** The ecosystem page reads the signed-in workspace, or the demo workspace on /ecosystem-demo. */
export const ecosystemBase = (demo: boolean) => (demo ? '/api/demo/ecosystem' : '/api/ecosystem');

export const useEcosystemApps = (demo = false) =>
  useQuery<AppsResponse>({ queryKey: [`${ecosystemBase(demo)}/apps`] });
export const useAppSources = () => useQuery<AppSource[]>({ queryKey: ['/api/app-sources'] });
export const useContactsBySource = () =>
  useQuery<Record<string, SourceContacts>>({ queryKey: ['/api/contacts/by-source'] });
export const useDataEndpoints = () =>
  useQuery<EcosystemEndpoint[]>({ queryKey: ['/api/data-collection/endpoints'] });
export const useEcosystemReport = () =>
  useQuery<EcosystemReport>({ queryKey: ['/api/data-collection/ecosystem-report'] });

/** The latest collection run, polled while it is working so the bar shows the job's real progress. */
export function useLatestRun() {
  return useQuery<CollectionRun | null>({
    queryKey: ['/api/data-collection/runs/latest'],
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

/** A POST to one of the console's actions; the contact views refresh after it. */
export function useConsoleAction<T>(url: string) {
  return useMutation({
    mutationFn: async (body?: unknown) => (await apiRequest('POST', url, body)).json() as Promise<T>,
    onSuccess: refreshEcosystem,
  });
}

export const useOpportunities = () =>
  useQuery<Opportunity[]>({ queryKey: ['/api/cross-sales/opportunities'] });
export const useBacklinks = () => useQuery<Backlinks>({ queryKey: ['/api/cross-sales/backlinks'] });
export const useCrossSalesMetrics = () =>
  useQuery<CrossSalesMetrics>({ queryKey: ['/api/cross-sales/metrics'] });
export const useMatrix = () => useQuery<Matrix>({ queryKey: ['/api/cross-sales/matrix'] });
export const usePlan = () =>
  useQuery<{ items: PlanItem[]; progress: number }>({ queryKey: ['/api/cross-sales/plan'] });

export function useAdvancePlanItem() {
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiRequest('POST', `/api/cross-sales/plan/${id}/advance`)).json(),
    onSuccess: (data) => queryClient.setQueryData(['/api/cross-sales/plan'], data),
  });
}

export function useCrossSell(appId: number | null, demo: boolean) {
  return useQuery<CrossSell>({
    queryKey: [`${ecosystemBase(demo)}/cross-sell/${appId}`],
    enabled: appId !== null,
  });
}
export const usePricingTable = (demo: boolean) =>
  useQuery<{ charitableGiving: { grossRevenue: number; netProfit: number; charitableDonation: number } }>({
    queryKey: [`${ecosystemBase(demo)}/pricing-table`],
  });
export const useIntegrationStatus = (demo: boolean) =>
  useQuery<IntegrationStatus>({ queryKey: [`${ecosystemBase(demo)}/integration-status`] });

/** Saves the integration package as a JSON file. */
export async function downloadIntegrationPackage(demo: boolean): Promise<void> {
  const response = await apiRequest('GET', `${ecosystemBase(demo)}/integration-package`);
  const blob = new Blob([JSON.stringify(await response.json(), null, 2)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = 'ecosystem-integration-package.json';
  link.click();
  URL.revokeObjectURL(link.href);
}

async function refreshApps() {
  await queryClient.invalidateQueries({ queryKey: ['/api/ecosystem/apps'] });
  await queryClient.invalidateQueries({ queryKey: ['/api/app-sources'] });
  await queryClient.invalidateQueries({ queryKey: ['/api/data-collection/endpoints'] });
}

export function useSaveApp() {
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: Partial<AppInput> }) =>
      (
        await apiRequest(
          id === null ? 'POST' : 'PUT',
          id === null ? '/api/ecosystem/apps' : `/api/ecosystem/apps/${id}`,
          input,
        )
      ).json(),
    onSuccess: refreshApps,
  });
}

export function useDeleteApp() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/ecosystem/apps/${id}`),
    onSuccess: refreshApps,
  });
}

/** Adds an endpoint to an app (`appId`) or saves an existing one (`id`). */
export function useSaveEndpoint() {
  return useMutation({
    mutationFn: async ({ appId, id, input }: { appId: number; id: number | null; input: EndpointInput }) =>
      (
        await apiRequest(
          id === null ? 'POST' : 'PUT',
          id === null ? `/api/ecosystem/apps/${appId}/endpoints` : `/api/ecosystem/endpoints/${id}`,
          input,
        )
      ).json() as Promise<EcosystemEndpoint>,
    onSuccess: refreshApps,
  });
}

export function useDeleteEndpoint() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/ecosystem/endpoints/${id}`),
    onSuccess: refreshApps,
  });
}
