import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';
import { users } from '../../db/schema/auth.js';
import { successionPlans } from '../../db/schema/succession.js';

export type PlanRow = typeof successionPlans.$inferSelect;

export async function findPlan(tx: Tx): Promise<PlanRow | null> {
  const [row] = await tx.select().from(successionPlans);
  return row ?? null;
}

export async function upsertPlan(
  tx: Tx,
  values: { ownerId: number; successorId: number; inactivityDays: number },
) {
  const [row] = await tx
    .insert(successionPlans)
    .values({ ...values, status: 'active' })
    .onConflictDoUpdate({
      target: successionPlans.workspaceId,
      set: { ...values, status: 'active', notifiedAt: null, closedAt: null, createdAt: sql`now()` },
    })
    .returning();
  return row;
}

export async function updatePlan(
  tx: Tx,
  values: Partial<Pick<PlanRow, 'status' | 'notifiedAt' | 'closedAt'>>,
) {
  await tx.update(successionPlans).set(values).where(sql`true`);
}

export async function findUser(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      lastSignInAt: users.lastSignInAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

export async function openPlanWorkspaces(db: Db | Tx): Promise<number[]> {
  const { rows } = await db.execute<{ workspace_id: string }>(
    sql`select workspace_id from app_open_succession_plans()`,
  );
  return rows.map((r) => Number(r.workspace_id));
}
