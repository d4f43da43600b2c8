import { apiRequest } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import type {
  CampaignCreateInput,
  CampaignDetail,
  CampaignSummary,
  CampaignUpdateInput,
  campaignPreviewResultSchema,
  campaignPreviewSchema,
  OutboxMessage,
} from '@domain/marketing/campaign-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

/** Re-read every 2 s while a campaign is sending, so its status and figures follow the send. */
export function useCampaigns() {
  return useQuery<CampaignSummary[]>({
    queryKey: ['/api/campaigns'],
    refetchInterval: (query) => (query.state.data?.some((c) => c.status === 'sending') ? 2000 : false),
  });
}

export function useCampaign(id: number | null) {
  return useQuery<CampaignDetail>({ queryKey: [`/api/campaigns/${id}`], enabled: id !== null });
}

export function useCampaignOutbox(id: number) {
  return useQuery<OutboxMessage[]>({ queryKey: [`/api/campaigns/${id}/messages`] });
}

const refreshCampaigns = () =>
  queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/campaigns') });

export function useSaveCampaign() {
  return useMutation({
    mutationFn: async (input: { id: number | null; body: CampaignCreateInput | CampaignUpdateInput }) =>
      (
        await apiRequest(
          input.id === null ? 'POST' : 'PATCH',
          input.id === null ? '/api/campaigns' : `/api/campaigns/${input.id}`,
          input.body,
        )
      ).json() as Promise<CampaignDetail>,
    onSuccess: refreshCampaigns,
  });
}

export type CampaignAction = 'send' | 'pause' | 'resume' | 'cancel';

export function useCampaignAction() {
  return useMutation({
    mutationFn: async (input: { id: number; action: CampaignAction }) =>
      (
        await apiRequest('POST', `/api/campaigns/${input.id}/${input.action}`)
      ).json() as Promise<CampaignDetail>,
    onSuccess: refreshCampaigns,
  });
}

export function usePreviewCampaign() {
  return useMutation({
    mutationFn: async (input: z.input<typeof campaignPreviewSchema>) =>
      (await apiRequest('POST', '/api/campaigns/preview', input)).json() as Promise<
        z.infer<typeof campaignPreviewResultSchema>
      >,
  });
}
