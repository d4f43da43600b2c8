import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { loginAttempts, memberships, sessions, users, workspaces } from '../../db/schema/foundation.js';

type Executor = Db | Tx;

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db.select().from(users).where(sql`${users.email} = ${email}::citext`);
  return user ?? null;
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

/** In a user context (withUser): the workspaces this user belongs to, oldest membership first. */
export async function listUserWorkspaces(tx: Tx, userId: number) {
  return tx
    .select({ id: workspaces.id, name: workspaces.name, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, userId))
    .orderBy(memberships.createdAt);
}

export async function insertWorkspace(tx: Tx, values: typeof workspaces.$inferInsert) {
  const [workspace] = await tx.insert(workspaces).values(values).returning();
  return workspace;
}

export async function getWorkspace(tx: Tx, id: number) {
  const [workspace] = await tx.select().from(workspaces).where(eq(workspaces.id, id));
  return workspace ?? null;
}
