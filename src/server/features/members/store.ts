import type { Role } from '@domain/roles';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { claimPublicTokens, releasePublicTokens } from '../../db/public-tokens.js';
import { users } from '../../db/schema/auth.js';
import { invites, memberships } from '../../db/schema/members.js';
import { workspaces } from '../../db/schema/workspaces.js';

export async function listMembers(tx: Tx) {
  return tx
    .select({
      userId: memberships.userId,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .orderBy(memberships.createdAt);
}

export async function findMembership(tx: Tx, userId: number) {
  const [row] = await tx.select().from(memberships).where(eq(memberships.userId, userId));
  return row ?? null;
}

export async function insertMembership(tx: Tx, values: { workspaceId: number; userId: number; role: Role }) {
  await tx.insert(memberships).values(values).onConflictDoNothing();
}

export async function updateMemberRole(tx: Tx, userId: number, role: Role) {
  await tx.update(memberships).set({ role }).where(eq(memberships.userId, userId));
}

export async function deleteMembership(tx: Tx, userId: number) {
  await tx.delete(memberships).where(eq(memberships.userId, userId));
}

/** Locks the owner rows so two concurrent demotions cannot both pass the last-owner check. */
export async function lockOwners(tx: Tx): Promise<number[]> {
  const { rows } = await tx.execute<{ user_id: number }>(
    sql`select user_id from memberships where role = 'owner' and workspace_id = app_current_workspace() for update`,
  );
  return rows.map((r) => Number(r.user_id));
}

export async function insertInvite(tx: Tx, values: typeof invites.$inferInsert) {
  const [invite] = await tx.insert(invites).values(values).returning();
  await claimPublicTokens(tx, 'invite', [invite.tokenHash]);
  return invite;
}

export async function listPendingInvites(tx: Tx) {
  return tx
    .select({
      id: invites.id,
      email: invites.email,
      role: invites.role,
      expiresAt: invites.expiresAt,
      createdAt: invites.createdAt,
    })
    .from(invites)
    .where(and(isNull(invites.acceptedAt), sql`${invites.expiresAt} > now()`))
    .orderBy(desc(invites.createdAt));
}

export async function findInviteByHash(tx: Tx, tokenHash: string) {
  const [invite] = await tx.select().from(invites).where(eq(invites.tokenHash, tokenHash)).for('update');
  return invite ?? null;
}

export async function markInviteAccepted(tx: Tx, id: number) {
  await tx.update(invites).set({ acceptedAt: new Date() }).where(eq(invites.id, id));
}

export async function deleteInvite(tx: Tx, id: number) {
  const rows = await tx.delete(invites).where(eq(invites.id, id)).returning({ tokenHash: invites.tokenHash });
  await releasePublicTokens(
    tx,
    'invite',
    rows.map((r) => r.tokenHash),
  );
  return rows.length > 0;
}

export async function inviteWorkspaceId(tx: Tx, tokenHash: string): Promise<number | null> {
  const { rows } = await tx.execute<{ id: number | null }>(
    sql`select app_invite_workspace(${tokenHash}) as id`,
  );
  return rows[0]?.id == null ? null : Number(rows[0].id);
}

/** Row-level security limits the update to the request's own workspace. */
export async function updateWorkspaceSettings(tx: Tx, values: { defaultLocale: string | null }) {
  await tx.update(workspaces).set(values).where(sql`${workspaces.id} = app_current_workspace()`);
}
