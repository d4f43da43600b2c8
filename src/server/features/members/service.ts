import { AppError } from '@domain/app-error';
import type { PendingInvite, WorkspaceMember } from '@domain/members/member-schemas';
import { serverMessage } from '@domain/messages';
import type { Role } from '@domain/roles';
import { type Database, enterWorkspace, type Tx } from '../../db/database.js';
import { hashToken, type Member, newToken } from '../../http/session.js';
import { recordActivity } from '../activities/index.js';
import * as store from './store.js';
import {
  deleteInvite,
  deleteMembership,
  findInviteByHash,
  findMembership,
  insertInvite,
  insertMembership,
  inviteWorkspaceId,
  lockOwners,
  markInviteAccepted,
  updateMemberRole,
  updateWorkspaceSettings,
} from './store.js';

export const inviteTtlDays = 7;

export { updateWorkspaceSettings };

/** The creator of a new workspace becomes its owner (sign-up, single sign-on, the demo seed). */
export async function addWorkspaceOwner(tx: Tx, options: { workspaceId: number; userId: number }) {
  await insertMembership(tx, { ...options, role: 'owner' });
}

export async function listMembers(tx: Tx): Promise<WorkspaceMember[]> {
  const rows = await store.listMembers(tx);
  return rows.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() }));
}

export async function listPendingInvites(tx: Tx): Promise<PendingInvite[]> {
  const rows = await store.listPendingInvites(tx);
  return rows.map((i) => ({
    ...i,
    expiresAt: i.expiresAt.toISOString(),
    createdAt: i.createdAt.toISOString(),
  }));
}

export async function inviteMember(
  tx: Tx,
  options: { member: Member; email: string; role: Exclude<Role, 'owner'>; baseUrl: string },
) {
  const token = newToken();
  const invite = await insertInvite(tx, {
    email: options.email,
    role: options.role,
    tokenHash: hashToken(token),
    invitedBy: options.member.userId,
    expiresAt: new Date(Date.now() + inviteTtlDays * 86_400_000),
  });
  return {
    id: invite.id,
    email: invite.email,
    role: invite.role,
    expiresAt: invite.expiresAt.toISOString(),
    inviteUrl: `${options.baseUrl}/login?invite=${encodeURIComponent(token)}`,
  };
}

export async function revokeInvite(tx: Tx, id: number) {
  if (!(await deleteInvite(tx, id))) throw new AppError('not_found', serverMessage('members.inviteNotFound'));
}

/** Owners can only be changed by owners, and a workspace always keeps at least one owner. */
export async function changeMemberRole(tx: Tx, options: { member: Member; userId: number; role: Role }) {
  const target = await findMembership(tx, options.userId);
  if (!target) throw new AppError('not_found', serverMessage('members.memberNotFound'));
  if ((target.role === 'owner' || options.role === 'owner') && options.member.role !== 'owner') {
    throw new AppError('forbidden', serverMessage('members.ownerGrantsOwner'));
  }
  if (target.role === 'owner' && options.role !== 'owner') {
    const owners = await lockOwners(tx);
    if (owners.length <= 1) throw new AppError('conflict', serverMessage('members.lastOwnerDemoted'));
  }
  await updateMemberRole(tx, options.userId, options.role);
}

export async function removeMember(tx: Tx, options: { member: Member; userId: number }) {
  const target = await findMembership(tx, options.userId);
  if (!target) throw new AppError('not_found', serverMessage('members.memberNotFound'));
  if (target.role === 'owner') {
    if (options.member.role !== 'owner')
      throw new AppError('forbidden', serverMessage('members.ownerRemovesOwner'));
    const owners = await lockOwners(tx);
    if (owners.length <= 1) throw new AppError('conflict', serverMessage('members.lastOwnerRemoved'));
  }
  await deleteMembership(tx, options.userId);
}

type InviteAcceptance = { token: string; userId: number; userEmail: string; userName: string };

/** Accepts an invite for a signed-in user; returns the workspace joined. Single use, expires. */
export function acceptInvite(database: Database, options: InviteAcceptance): Promise<number> {
  return database.withPlatform((tx) => joinWorkspaceByInvite(tx, options));
}

/**
 * The invite a token names, if `email` may accept it now; else the refusal (invalid, used, expired, for
 * another address). The caller's transaction is then in the invite's workspace.
 */
export async function checkInvite(tx: Tx, token: string, email: string) {
  const tokenHash = hashToken(token);
  const workspaceId = await inviteWorkspaceId(tx, tokenHash);
  if (!workspaceId) throw new AppError('not_found', serverMessage('members.inviteInvalid'));
  await enterWorkspace(tx, workspaceId);
  const invite = await findInviteByHash(tx, tokenHash);
  if (!invite || invite.acceptedAt) throw new AppError('conflict', serverMessage('members.inviteUsed'));
  if (invite.expiresAt.getTime() < Date.now())
    throw new AppError('conflict', serverMessage('members.inviteExpired'));
  if (invite.email.toLowerCase() !== email.toLowerCase()) {
    throw new AppError('forbidden', serverMessage('members.inviteForOtherEmail', { email: invite.email }));
  }
  return { workspaceId, invite };
}

/** The invite acceptance inside the caller's transaction (sign-up creates the user in the same one). */
export async function joinWorkspaceByInvite(tx: Tx, options: InviteAcceptance): Promise<number> {
  const { workspaceId, invite } = await checkInvite(tx, options.token, options.userEmail);
  await insertMembership(tx, { workspaceId, userId: options.userId, role: invite.role });
  await markInviteAccepted(tx, invite.id);
  await recordActivity(
    tx,
    'member_joined',
    serverMessage('activity.memberJoined', { name: options.userName, role: invite.role }),
  );
  return workspaceId;
}

/** Succession: the successor becomes owner and the owner they succeed stays on as an admin. */
export async function transferOwnership(tx: Tx, options: { fromUserId: number; toUserId: number }) {
  await updateMemberRole(tx, options.toUserId, 'owner');
  await updateMemberRole(tx, options.fromUserId, 'admin');
}
