import { apiRequest } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import type {
  Segment,
  SegmentCreate,
  SegmentHistoryEntry,
  SegmentMember,
  SegmentUpdate,
} from '@domain/segments/segment-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';

/** Counts move as contacts change (a job behind each change), so a visible list asks again now and then. */
const refetchInterval = 3_000;

/** `live`: the segments screen, whose counts follow changes as they are applied. */
export function useSegments(live = false) {
  return useQuery<Segment[]>({
    queryKey: ['/api/segments'],
    refetchInterval: live ? refetchInterval : false,
  });
}

export function useSegmentMembers(id: number | null) {
  return useQuery<{ total: number; members: SegmentMember[] }>({
    queryKey: [`/api/segments/${id}/members`],
    enabled: id !== null,
    refetchInterval,
  });
}

export function useSegmentHistory(id: number | null) {
  return useQuery<SegmentHistoryEntry[]>({
    queryKey: [`/api/segments/${id}/history`],
    enabled: id !== null,
    refetchInterval,
  });
}

const refreshSegments = () =>
  queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/segments') });

export function useSaveSegment() {
  return useMutation({
    mutationFn: async (input: { id: number | null; body: SegmentCreate | SegmentUpdate }) =>
      (
        await apiRequest(
          input.id === null ? 'POST' : 'PATCH',
          input.id === null ? '/api/segments' : `/api/segments/${input.id}`,
          input.body,
        )
      ).json() as Promise<Segment>,
    onSuccess: refreshSegments,
  });
}

export function useDeleteSegment() {
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/segments/${id}`);
    },
    onSuccess: refreshSegments,
  });
}
