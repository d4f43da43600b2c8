import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { loginAttempts, sessions, users, workspaces } from '../../db/schema/foundation.js';

type Executor = Db | Tx;

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db.select().from(users).where(sql`${users.email} = ${email}::citext`);
  return user ?? null;
}

export async function findUserByOidcSubject(db: Executor, subject: string) {
  const [user] = await db.select().from(users).where(eq(users.oidcSubject, subject));
  return user ?? null;
}

export async function linkOidcSubject(db: Executor, id: number, subject: string) {
  const [user] = await db.update(users).set({ oidcSubject: subject }).where(eq(users.id, id)).returning();
  return user;
}

export async function findUserById(db: Executor, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

export async function insertUser(
  db: Executor,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string | null;
    oidcSubject?: string;
  },
) {
  const [user] = await db.insert(users).values(values).returning();
  return user;
}

export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<{ firstName: string; lastName: string; profileImageUrl: string | null }>,
) {
  const [user] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return user;
}

export async function countRecentFailures(
  db: Executor,
  by: { email?: string; ip?: string },
  sinceMinutes: number,
) {
  const since = sql`now() - make_interval(mins => ${sinceMinutes})`;
  const who = by.email
    ? sql`${loginAttempts.email} = ${by.email}::citext`
    : eq(loginAttempts.ip, by.ip ?? '');
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(and(who, eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
  return row.n;
}

export async function recordLoginAttempt(
  db: Executor,
  values: { email: string; ip: string; succeeded: boolean },
) {
  await db.insert(loginAttempts).values(values);
}

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: Executor, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function setSessionWorkspace(db: Executor, id: string, workspaceId: number) {
  await db.update(sessions).set({ workspaceId }).where(eq(sessions.id, id));
}

export async function nextWorkspaceId(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('workspaces', 'id'))::bigint as id`,
  );
  return Number(rows[0].id);
}

export interface UserWorkspace {
  id: number;
  name: string;
  role: 'owner' | 'admin' | 'member' | 'viewer';
  plan: string;
  subscriptionStatus: string;
  trialEndsAt: Date | null;
}

/** The workspaces a user belongs to, oldest membership first (one query, see app_user_workspaces). */
export async function listUserWorkspaces(db: Executor, userId: number): Promise<UserWorkspace[]> {
  const { rows } = await db.execute<{
    id: number;
    name: string;
    role: UserWorkspace['role'];
    plan: string;
    subscription_status: string;
    trial_ends_at: string | null;
  }>(sql`select * from app_user_workspaces(${userId})`);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    role: r.role,
    plan: r.plan,
    subscriptionStatus: r.subscription_status,
    trialEndsAt: r.trial_ends_at ? new Date(r.trial_ends_at) : null,
  }));
}

export async function insertWorkspace(tx: Tx, values: typeof workspaces.$inferInsert) {
  const [workspace] = await tx.insert(workspaces).values(values).returning();
  return workspace;
}
