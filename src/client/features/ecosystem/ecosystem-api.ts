import { apiRequest, queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  crossSellSchema,
  integrationStatusSchema,
  pricingTableSchema,
} from '@domain/ecosystem/ecosystem-page-schemas';
import {
  type AppInput,
  appSchema,
  appsResponseSchema,
  type EndpointInput,
  endpointSchema,
} from '@domain/ecosystem/ecosystem-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';

/** The ecosystem page reads the signed-in workspace, or the demo workspace on /ecosystem-demo. */
export const ecosystemBase = (demo: boolean) => (demo ? '/api/demo/ecosystem' : '/api/ecosystem');

export const useEcosystemApps = (demo = false) =>
  useQuery({ queryKey: [`${ecosystemBase(demo)}/apps`], queryFn: queryWith(appsResponseSchema) });
export function useCrossSell(appId: number | null, demo: boolean) {
  return useQuery({
    queryKey: [`${ecosystemBase(demo)}/cross-sell/${appId}`],
    queryFn: queryWith(crossSellSchema),
    enabled: appId !== null,
  });
}
export const usePricingTable = (demo: boolean) =>
  useQuery({ queryKey: [`${ecosystemBase(demo)}/pricing-table`], queryFn: queryWith(pricingTableSchema) });
export const useIntegrationStatus = (demo: boolean) =>
  useQuery({
    queryKey: [`${ecosystemBase(demo)}/integration-status`],
    queryFn: queryWith(integrationStatusSchema),
  });

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
    mutationFn: ({ id, input }: { id: number | null; input: Partial<AppInput> }) =>
      requestJson(
        appSchema,
        id === null ? 'POST' : 'PUT',
        id === null ? '/api/ecosystem/apps' : `/api/ecosystem/apps/${id}`,
        input,
      ),
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
    mutationFn: ({ appId, id, input }: { appId: number; id: number | null; input: EndpointInput }) =>
      requestJson(
        endpointSchema,
        id === null ? 'POST' : 'PUT',
        id === null ? `/api/ecosystem/apps/${appId}/endpoints` : `/api/ecosystem/endpoints/${id}`,
        input,
      ),
    onSuccess: refreshApps,
  });
}

export function useDeleteEndpoint() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/ecosystem/endpoints/${id}`),
    onSuccess: refreshApps,
  });
}
