import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { linkFixDeployments } from '../../db/schema/link-fixes.js';

export type DeploymentRow = typeof linkFixDeployments.$inferSelect;

export async function insertDeployment(
  tx: Tx,
  values: Omit<typeof linkFixDeployments.$inferInsert, 'workspaceId' | 'id' | 'createdAt'>,
): Promise<DeploymentRow> {
  const [row] = await tx.insert(linkFixDeployments).values(values).returning();
  return row;
}

export async function latestDeployment(tx: Tx, websiteId: number): Promise<DeploymentRow | null> {
  const [row] = await tx
    .select()
    .from(linkFixDeployments)
    .where(eq(linkFixDeployments.websiteId, websiteId))
    .orderBy(desc(linkFixDeployments.id))
    .limit(1);
  return row ?? null;
}
