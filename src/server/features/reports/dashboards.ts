import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type {
  Dashboard,
  DashboardFilter,
  DashboardHome,
  DashboardSeries,
  DashboardTile,
} from '@domain/reports/dashboard-schemas';
import { fieldOf } from '@domain/reports/report-catalogue';
import { type ReportDefinition, reportDefinitionSchema } from '@domain/reports/report-schemas';
import type { Tx } from '../../db/database.js';
import type { Member } from '../../http/session.js';
import * as store from './dashboard-store.js';
import { seriesOf } from './service.js';
import { findReportRow } from './store.js';

/*
 * Dashboards (issue 34 §2). A member sees the workspace's shared dashboards and their own private ones; one
 * they may not see is not found, never forbidden, so its existence does not leak. Owners and admins write
 * (the routes say so); an admin still cannot reach another's private dashboard.
 */

function toDashboard(row: store.DashboardRow, tiles: DashboardTile[]): Dashboard {
  return {
    id: row.id,
    name: row.name,
    visibility: row.visibility,
    createdBy: row.createdBy,
    tiles,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const placeOf = ({ reportId, x, y, w, h }: DashboardTile): DashboardTile => ({ reportId, x, y, w, h });

export async function listDashboards(tx: Tx, member: Member): Promise<{ dashboards: Dashboard[] }> {
  const rows = await store.listDashboardRows(tx, member.userId);
  const tiles = await store.tilesOf(
    tx,
    rows.map((r) => r.id),
  );
  return {
    dashboards: rows.map((row) =>
      toDashboard(row, tiles.filter((t) => t.dashboardId === row.id).map(placeOf)),
    ),
  };
}

async function visibleRow(tx: Tx, member: Member, id: number): Promise<store.DashboardRow> {
  const row = await store.findDashboardRow(tx, id, member.userId);
  if (!row) throw new AppError('not_found', serverMessage('reports.dashboardNotFound'));
  return row;
}

export async function getDashboard(tx: Tx, member: Member, id: number): Promise<Dashboard> {
  const row = await visibleRow(tx, member, id);
  return toDashboard(row, (await store.tilesOf(tx, [id])).map(placeOf));
}

/** Every placed report must be one of the workspace's: a 400 naming the tile otherwise. */
async function checkReports(tx: Tx, tiles: DashboardTile[]): Promise<void> {
  const found = await store.existingReportIds(
    tx,
    tiles.map((t) => t.reportId),
  );
  const missing = tiles.findIndex((t) => !found.has(t.reportId));
  if (missing >= 0)
    throw AppError.badRequest(`tiles.${missing}.reportId`, serverMessage('reports.tileReportNotFound'));
}

export async function createDashboard(
  tx: Tx,
  member: Member,
  input: store.DashboardInputRow,
): Promise<Dashboard> {
  await checkReports(tx, input.tiles);
  const row = await store.insertDashboardRow(tx, input, member.userId);
  await store.replaceTiles(tx, row.id, input.tiles);
  return getDashboard(tx, member, row.id);
}

export async function updateDashboard(
  tx: Tx,
  member: Member,
  id: number,
  input: store.DashboardInputRow,
): Promise<Dashboard> {
  await visibleRow(tx, member, id);
  await checkReports(tx, input.tiles);
  await store.updateDashboardRow(tx, id, input);
  await store.replaceTiles(tx, id, input.tiles);
  return getDashboard(tx, member, id);
}

export async function deleteDashboard(tx: Tx, member: Member, id: number): Promise<void> {
  await visibleRow(tx, member, id);
  await store.deleteDashboardRow(tx, id);
}

/** A report's definition under the dashboard's filter: its range replaced, its website narrowed. */
function filtered(
  definition: ReportDefinition,
  filter: DashboardFilter,
): { definition: ReportDefinition; websiteApplied: boolean } {
  const range = filter.from && filter.to ? { from: filter.from, to: filter.to } : definition.range;
  const websiteApplied =
    filter.websiteId !== undefined && fieldOf(definition.source, 'website') !== undefined;
  const filters = websiteApplied
    ? [...definition.filters, { field: 'website', op: 'eq' as const, value: String(filter.websiteId) }]
    : definition.filters;
  return { definition: { ...definition, range, filters }, websiteApplied };
}

/**
 * Every tile's series in one answer, in one read-only transaction: one round trip for the screen, and all
 * tiles read the same snapshot. A report its source's catalogue no longer fits is left out (its own page
 * says why) rather than failing the whole dashboard.
 */
export async function dashboardSeries(
  tx: Tx,
  member: Member,
  id: number,
  filter: DashboardFilter,
): Promise<DashboardSeries> {
  await visibleRow(tx, member, id);
  if (filter.websiteId !== undefined && !(await store.hasWebsite(tx, filter.websiteId)))
    throw new AppError('not_found', serverMessage('websites.notFound'));
  const tiles: DashboardSeries['tiles'] = [];
  for (const tile of await store.tilesOf(tx, [id])) {
    const row = await findReportRow(tx, tile.reportId);
    const parsed = reportDefinitionSchema.safeParse(row?.definition);
    if (!row || !parsed.success) continue;
    const { definition, websiteApplied } = filtered(parsed.data, filter);
    tiles.push({ reportId: tile.reportId, websiteApplied, series: await seriesOf(tx, definition, row.id) });
  }
  return { dashboardId: id, tiles };
}

export async function getHome(tx: Tx, member: Member): Promise<DashboardHome> {
  const dashboardId = await store.homeOf(tx, member.userId);
  // A home that has since gone private to someone else shows the cards again.
  if (dashboardId !== null && !(await store.findDashboardRow(tx, dashboardId, member.userId)))
    return { dashboardId: null };
  return { dashboardId };
}

export async function setHome(tx: Tx, member: Member, home: DashboardHome): Promise<DashboardHome> {
  if (home.dashboardId !== null) await visibleRow(tx, member, home.dashboardId);
  await store.setHome(tx, member.userId, home.dashboardId);
  return home;
}
