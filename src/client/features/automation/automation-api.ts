import { apiRequest } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import type {
  AutomationMetrics,
  WorkflowCreateInput,
  WorkflowDetail,
  WorkflowSummary,
  WorkflowUpdateInput,
} from '@domain/automation/workflow-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';

export function useWorkflows() {
  return useQuery<WorkflowSummary[]>({ queryKey: ['/api/workflows'] });
}

export function useWorkflow(id: number | null) {
  return useQuery<WorkflowDetail>({ queryKey: [`/api/workflows/${id}`], enabled: id !== null });
}

export function useAutomationMetrics() {
  return useQuery<AutomationMetrics>({ queryKey: ['/api/automation/metrics'] });
}

/** After a workflow write: the list, its detail and the figures (which count its runs). */
function refreshWorkflowViews() {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0]);
      return (
        key.startsWith('/api/workflows') ||
        key.startsWith('/api/automation') ||
        key === '/api/dashboard/stats'
      );
    },
  });
}

export function useSaveWorkflow() {
  return useMutation({
    mutationFn: async (input: { id: number | null; body: WorkflowCreateInput | WorkflowUpdateInput }) =>
      (
        await apiRequest(
          input.id === null ? 'POST' : 'PATCH',
          input.id === null ? '/api/workflows' : `/api/workflows/${input.id}`,
          input.body,
        )
      ).json() as Promise<WorkflowDetail>,
    onSuccess: refreshWorkflowViews,
  });
}

export function useDeleteWorkflow() {
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/workflows/${id}`);
    },
    onSuccess: refreshWorkflowViews,
  });
}
