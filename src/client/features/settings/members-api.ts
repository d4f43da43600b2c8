import { apiRequest } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import type { Role } from '@domain/roles';
import { useMutation, useQuery } from '@tanstack/react-query';

export interface WorkspaceMember {
  userId: number;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  joinedAt: string;
}

export interface PendingInvite {
  id: number;
  email: string;
  role: Role;
  expiresAt: string;
  createdAt: string;
}

export interface CreatedInvite {
  id: number;
  email: string;
  role: Role;
  expiresAt: string;
  inviteUrl: string;
}

export const membersKey = ['/api/workspace/members'] as const;
export const invitesKey = ['/api/workspace/invites'] as const;

export function useMembers() {
  return useQuery<WorkspaceMember[]>({ queryKey: membersKey });
}

/** Pending invites are an admin's business; others never ask. */
export function usePendingInvites(isEnabled: boolean) {
  return useQuery<PendingInvite[]>({ queryKey: invitesKey, enabled: isEnabled });
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
    mutationFn: async (input: { email: string; role: Exclude<Role, 'owner'> }) =>
      (await apiRequest('POST', '/api/workspace/invites', input)).json() as Promise<CreatedInvite>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}

export function useRevokeInvite() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/workspace/invites/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}
