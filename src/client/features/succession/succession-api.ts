import { toast } from '@client/components/ui/use-toast';
import { errorMessage, queryWith, requestJson } from '@client/lib/api';
import { toastError } from '@client/lib/error-toast';
import { queryClient } from '@client/lib/query-client';
import { type SuccessionPlanInput, successionStateSchema } from '@domain/succession/succession-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';

const key = ['/api/succession'] as const;

export function useSuccession() {
  return useQuery({ queryKey: key, queryFn: queryWith(successionStateSchema) });
}

function useSuccessionChange<T>(request: (input: T) => Promise<unknown>, done: () => string) {
  return useMutation({
    mutationFn: request,
    onSuccess: (state) => {
      queryClient.setQueryData(key, state);
      toast({ title: done() });
      // Claiming changes the signed-in member's role, which the whole dashboard reads.
      return queryClient.invalidateQueries();
    },
    onError: (error) => toastError(errorMessage(error)),
  });
}

export const useSavePlan = (done: () => string) =>
  useSuccessionChange(
    (input: SuccessionPlanInput) => requestJson(successionStateSchema, 'PUT', '/api/succession', input),
    done,
  );
export const useCancelPlan = (done: () => string) =>
  useSuccessionChange(() => requestJson(successionStateSchema, 'DELETE', '/api/succession'), done);
export const useClaimOwnership = (done: () => string) =>
  useSuccessionChange(() => requestJson(successionStateSchema, 'POST', '/api/succession/claim'), done);
