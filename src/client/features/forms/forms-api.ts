import { apiRequest } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import type { AnalyticsRange } from '@domain/analytics/analytics-schemas';
import type {
  FormCreateInput,
  FormDetail,
  FormSubmission,
  FormSummary,
  FormsReport,
  FormUpdateInput,
} from '@domain/forms/form-schemas';
import type { LandingAbTestInput } from '@domain/forms/landing-ab-test';
import { useMutation, useQuery } from '@tanstack/react-query';

export function useForms() {
  return useQuery<FormSummary[]>({ queryKey: ['/api/forms'] });
}

export function useFormDetail(id: number | null) {
  return useQuery<FormDetail>({ queryKey: [`/api/forms/${id}`], enabled: id !== null });
}

export function useFormSubmissions(id: number | null) {
  return useQuery<FormSubmission[]>({ queryKey: [`/api/forms/${id}/submissions`], enabled: id !== null });
}

export function useFormsReport(range: AnalyticsRange) {
  return useQuery<FormsReport>({ queryKey: [`/api/forms/report?range=${range}`] });
}

/** After a write: every forms query (lists, details, figures) and the workflow builder's list of forms. */
const refreshForms = () =>
  queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/forms') });

export function useSaveForm() {
  return useMutation({
    mutationFn: async (input: { id: number | null; body: FormCreateInput | FormUpdateInput }) =>
      (
        await apiRequest(
          input.id === null ? 'POST' : 'PATCH',
          input.id === null ? '/api/forms' : `/api/forms/${input.id}`,
          input.body,
        )
      ).json() as Promise<FormDetail>,
    onSuccess: refreshForms,
  });
}

export function useDeleteForm() {
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/forms/${id}`);
    },
    onSuccess: refreshForms,
  });
}

/** Sets (or, with null, removes) the A/B test of the form's hosted page. */
export function useSaveLandingAbTest(id: number) {
  return useMutation({
    mutationFn: async (input: LandingAbTestInput | null) =>
      (
        await apiRequest(input === null ? 'DELETE' : 'PUT', `/api/forms/${id}/ab-test`, input ?? undefined)
      ).json() as Promise<FormDetail>,
    onSuccess: refreshForms,
  });
}
