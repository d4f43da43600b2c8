import { apiRequest } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import type {
  AbTestInput,
  CampaignCreateInput,
  CampaignDetail,
  CampaignSummary,
  CampaignUpdateInput,
  campaignPreviewResultSchema,
  campaignPreviewSchema,
  HeldWorkflowEmail,
  OutboxMessage,
} from '@domain/marketing/campaign-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

/** The signed-in screen reads the workspace; the public /marketing-demo twin reads the demo workspace. */
const base = (demo: boolean) => (demo ? '/api/demo/marketing/campaigns' : '/api/campaigns');

/** Re-read every 2 s while a campaign is sending, so its status and figures follow the send. */
export function useCampaigns(demo = false) {
  return useQuery<CampaignSummary[]>({
    queryKey: [base(demo)],
    refetchInterval: (query) => (query.state.data?.some((c) => c.status === 'sending') ? 2000 : false),
  });
}

export function useCampaign(id: number | null, demo = false) {
  return useQuery<CampaignDetail>({ queryKey: [`${base(demo)}/${id}`], enabled: id !== null });
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

export type CampaignAction = 'send' | 'pause' | 'resume' | 'cancel' | 'check-links' | 'override-hold';

export function useCampaignAction() {
  return useMutation({
    mutationFn: async (input: { id: number; action: CampaignAction }) =>
      (
        await apiRequest('POST', `/api/campaigns/${input.id}/${input.action}`)
      ).json() as Promise<CampaignDetail>,
    onSuccess: refreshCampaigns,
  });
}

/** Workflow emails the pre-send gate holds (signed in only). */
export function useHeldWorkflowEmails(enabled: boolean) {
  return useQuery<HeldWorkflowEmail[]>({ queryKey: ['/api/workflow-emails/held'], enabled });
}

const refreshHeldEmails = () => queryClient.invalidateQueries({ queryKey: ['/api/workflow-emails/held'] });

/** Checks every held workflow email again, or sends one anyway (owners). */
export function useHeldWorkflowEmailAction() {
  return useMutation({
    mutationFn: (input: { action: 'check-links' } | { action: 'override-hold'; id: number }) =>
      apiRequest(
        'POST',
        input.action === 'check-links'
          ? '/api/workflow-emails/held/check-links'
          : `/api/workflow-emails/${input.id}/override-hold`,
      ),
    onSuccess: refreshHeldEmails,
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

/** Sets the campaign's A/B test (input) or removes it (null). */
export function useSaveAbTest(id: number) {
  return useMutation({
    mutationFn: async (input: AbTestInput | null) =>
      (
        await apiRequest(
          input === null ? 'DELETE' : 'PUT',
          `/api/campaigns/${id}/ab-test`,
          input ?? undefined,
        )
      ).json() as Promise<CampaignDetail>,
    onSuccess: refreshCampaigns,
  });
}

export function useCampaignOutbox(id: number) {
  return useQuery<OutboxMessage[]>({ queryKey: [`/api/campaigns/${id}/messages`] });
}
