import type { DashboardTile, DashboardVisibility } from '@domain/reports/dashboard-schemas';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { dashboardHomes, dashboards, dashboardTiles } from '../../db/schema/dashboards.js';
import { reports } from '../../db/schema/reports.js';

export type DashboardRow = typeof dashboards.$inferSelect;

/** What a member may see: the workspace's shared dashboards and their own private ones. */
const visibleTo = (userId: number) =>
  or(eq(dashboards.visibility, 'workspace'), eq(dashboards.createdBy, userId));

export async function listDashboardRows(tx: Tx, userId: number): Promise<DashboardRow[]> {
  return tx
    .select()
    .from(dashboards)
    .where(visibleTo(userId))
    .orderBy(asc(sql`lower(${dashboards.name})`), asc(dashboards.id));
}

export async function findDashboardRow(
  tx: Tx,
  id: number,
  userId: number,
): Promise<DashboardRow | undefined> {
  const [row] = await tx
    .select()
    .from(dashboards)
    .where(and(eq(dashboards.id, id), visibleTo(userId)));
  return row;
}

export async function tilesOf(
  tx: Tx,
  dashboardIds: number[],
): Promise<(DashboardTile & { dashboardId: number })[]> {
  if (dashboardIds.length === 0) return [];
  return tx
    .select({
      dashboardId: dashboardTiles.dashboardId,
      reportId: dashboardTiles.reportId,
      x: dashboardTiles.x,
      y: dashboardTiles.y,
      w: dashboardTiles.w,
      h: dashboardTiles.h,
    })
    .from(dashboardTiles)
    .where(inArray(dashboardTiles.dashboardId, dashboardIds))
    .orderBy(asc(dashboardTiles.y), asc(dashboardTiles.x));
}

/** The ids among `ids` that are reports of the workspace (row-level security hides the rest). */
export async function existingReportIds(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: reports.id }).from(reports).where(inArray(reports.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function insertDashboardRow(tx: Tx, input: DashboardInputRow, createdBy: number) {
  const [row] = await tx
    .insert(dashboards)
    .values({ name: input.name, visibility: input.visibility, createdBy })
    .returning();
  return row;
}

export interface DashboardInputRow {
  name: string;
  visibility: DashboardVisibility;
  tiles: DashboardTile[];
}

export async function updateDashboardRow(tx: Tx, id: number, input: DashboardInputRow) {
  const [row] = await tx
    .update(dashboards)
    .set({ name: input.name, visibility: input.visibility })
    .where(eq(dashboards.id, id))
    .returning();
  return row;
}

/** The layout is replaced whole: the screen always sends every tile. */
export async function replaceTiles(tx: Tx, dashboardId: number, tiles: DashboardTile[]): Promise<void> {
  await tx.delete(dashboardTiles).where(eq(dashboardTiles.dashboardId, dashboardId));
  if (tiles.length > 0)
    await tx.insert(dashboardTiles).values(tiles.map((tile) => ({ dashboardId, ...tile })));
}

export async function deleteDashboardRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(dashboards).where(eq(dashboards.id, id));
}

export async function homeOf(tx: Tx, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ dashboardId: dashboardHomes.dashboardId })
    .from(dashboardHomes)
    .where(eq(dashboardHomes.userId, userId));
  return row?.dashboardId ?? null;
}

export async function setHome(tx: Tx, userId: number, dashboardId: number | null): Promise<void> {
  if (dashboardId === null) {
    await tx.delete(dashboardHomes).where(eq(dashboardHomes.userId, userId));
    return;
  }
  await tx
    .insert(dashboardHomes)
    .values({ userId, dashboardId })
    .onConflictDoUpdate({
      target: [dashboardHomes.workspaceId, dashboardHomes.userId],
      set: { dashboardId },
    });
}

/** Whether the workspace has this website (a filter by another workspace's website is not found). */
export async function hasWebsite(tx: Tx, websiteId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`select 1 from websites where id = ${websiteId}`);
  return rows.length > 0;
}
