import { apiRequest, queryWith, requestJson } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import {
  createdInviteSchema,
  type InviteMemberInput,
  pendingInviteSchema,
  workspaceMemberSchema,
} from '@domain/members/member-schemas';
import type { Role } from '@domain/roles';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

export const membersKey = ['/api/workspace/members'] as const;
export const invitesKey = ['/api/workspace/invites'] as const;

export function useMembers() {
  return useQuery({ queryKey: membersKey, queryFn: queryWith(z.array(workspaceMemberSchema)) });
}

/** Pending invites are an admin's business; others never ask. */
export function usePendingInvites(isEnabled: boolean) {
  return useQuery({
    queryKey: invitesKey,
    queryFn: queryWith(z.array(pendingInviteSchema)),
    enabled: isEnabled,
  });
}

export function useChangeMemberRole() {
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: Role }) =>
      apiRequest('PATCH', `/api/workspace/members/${userId}`, { role }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

export function useRemoveMember() {
  return useMutation({
    mutationFn: (userId: number) => apiRequest('DELETE', `/api/workspace/members/${userId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

export function useInviteMember() {
  return useMutation({
    mutationFn: (input: InviteMemberInput) =>
      requestJson(createdInviteSchema, 'POST', '/api/workspace/invites', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}

export function useRevokeInvite() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/workspace/invites/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}
