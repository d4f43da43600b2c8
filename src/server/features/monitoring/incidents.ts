import { AppError } from '@domain/app-error';
import { type StoredMessage, serverMessage, storedMessage } from '@domain/messages';
import { availability, monthSpan } from '@domain/monitoring/availability';
import type {
  AppAvailability,
  IncidentDetail,
  MaintenanceWindowCreate,
} from '@domain/monitoring/incident-schemas';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import { recordActivity } from '../activities/index.js';
import { findAppOps, raiseHubEvent } from '../webhooks/index.js';
import * as store from './incident-store.js';

async function currentWorkspaceId(tx: Tx): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`select app_current_workspace()::int as id`);
  return rows[0].id;
}

/**
 * After a monitor's round (or a change to its monitors), the app's incident follows the app's state:
 * down (any monitor counted down) with none open opens one — unless a maintenance window is on —
 * and up with one open resolves it. At opening it is announced, or suppressed when an app it depends
 * on is down or failing: one notification per root cause. Resolution never changes that decision.
 */
export async function settleApp(
  deps: AppDeps,
  tx: Tx,
  app: { id: number; name: string },
  round: { monitorId: number; up: boolean; message: StoredMessage | null } | null,
): Promise<void> {
  const at = now(deps);
  const down = await store.appIsDown(tx, app.id);
  const open = await store.openIncidentOf(tx, app.id);
  if (open && !down) {
    await resolveIncident(deps, tx, app, open, at);
    return;
  }
  if (open) {
    if (round && !round.up) await store.addEvent(tx, open.id, at, 'probe_failed', round.message?.text ?? '');
    return;
  }
  if (!down || !round || (await store.inMaintenance(tx, app.id, at))) return;
  const reason = round.message ?? serverMessage('operations.probeFailed');
  const parent = await store.failingAncestor(tx, app.id);
  const incidentId = await store.insertIncident(tx, {
    appId: app.id,
    monitorId: round.monitorId,
    at,
    reason: reason.text,
    parentAppId: parent?.id ?? null,
  });
  if (incidentId === null) return;
  await store.addLeadingFailures(tx, incidentId, round.monitorId);
  await store.addEvent(tx, incidentId, at, 'opened', reason.text);
  if (parent) {
    await store.addEvent(tx, incidentId, at, 'suppressed', parent.name);
    return;
  }
  const line = storedMessage('activity.appDown', { app: app.name, reason });
  const workspaceId = await currentWorkspaceId(tx);
  await raiseHubEvent(tx, workspaceId, at, {
    appId: app.id,
    appName: app.name,
    webhookId: `hub_incident_${incidentId}_down`,
    type: 'monitor.down',
    status: 'error',
    line,
  });
  await recordActivity(tx, 'operations_app_down', line);
  await store.markNotified(tx, incidentId, at);
  await store.addEvent(tx, incidentId, at, 'notified', line.text);
}

async function resolveIncident(
  deps: AppDeps,
  tx: Tx,
  app: { id: number; name: string },
  open: { id: number; notified: boolean },
  at: Date,
) {
  await store.closeIncident(tx, open.id, at);
  await store.addEvent(tx, open.id, at, 'resolved');
  const workspaceId = await currentWorkspaceId(tx);
  // What it held goes on: each sender's job again, committed with the resolution (it re-checks the state).
  for (const hold of await store.releaseHolds(tx, open.id, at))
    await deps.queue.send(
      hold.resumeJob,
      hold.campaignId !== null
        ? { workspaceId, campaignId: hold.campaignId }
        : { workspaceId, runId: hold.runId },
      { tx },
    );
  if (!open.notified) return;
  const line = serverMessage('activity.appUp', { app: app.name });
  await raiseHubEvent(tx, workspaceId, at, {
    appId: app.id,
    appName: app.name,
    webhookId: `hub_incident_${open.id}_up`,
    type: 'monitor.up',
    status: 'ok',
    line,
  });
  await recordActivity(tx, 'operations_app_up', line);
}

/**
 * The hook of the senders (a campaign's send job, a workflow's steps): when the texts they are about to
 * send or call link to an app that is down, the send is held on the app's incident — the incident's
 * resolution queues `resumeJob` again with the workspace and the campaign's or run's id. Returns the
 * down app's name, or null to go ahead. Holding twice is harmless: the hold is kept once.
 */
export async function holdIfAppDown(
  deps: AppDeps,
  tx: Tx,
  what: { texts: string[]; name: string; resumeJob: string } & ({ campaignId: number } | { runId: number }),
): Promise<{ appName: string } | null> {
  const down = await store.downAppLinkedFrom(tx, what.texts);
  if (!down) return null;
  const at = now(deps);
  const added = await store.addHold(tx, {
    incidentId: down.incidentId,
    ...('campaignId' in what ? { campaignId: what.campaignId } : { runId: what.runId }),
    name: what.name,
    resumeJob: what.resumeJob,
    at,
  });
  if (added) await store.addEvent(tx, down.incidentId, at, 'held', what.name);
  return { appName: down.appName };
}

// ---- reading ----

export const listIncidents = (tx: Tx, status: 'open' | 'all') => store.listIncidents(tx, status === 'open');

export async function incidentDetail(tx: Tx, id: number): Promise<IncidentDetail> {
  const incident = await store.findIncident(tx, id);
  if (!incident) throw new AppError('not_found', serverMessage('operations.incidentNotFound'));
  return {
    ...incident,
    timeline: await store.incidentTimeline(tx, id),
    children: await store.childIncidents(tx, incident),
    affected: await store.affectedCustomers(tx, incident.appId),
    holds: await store.incidentHolds(tx, id),
  };
}

// ---- dependencies ----

async function mustHaveApp(tx: Tx, appId: number) {
  if (!(await findAppOps(tx, appId))) throw new AppError('not_found', serverMessage('ecosystem.appNotFound'));
}

export async function appDependencies(tx: Tx, appId: number) {
  await mustHaveApp(tx, appId);
  return { dependsOn: await store.dependenciesOf(tx, appId) };
}

/** Replaces what the app depends on; an unknown app or a cycle is refused (400 on `dependsOn`). */
export async function setAppDependencies(tx: Tx, appId: number, dependsOn: number[]) {
  await mustHaveApp(tx, appId);
  const ids = [...new Set(dependsOn)];
  const known = await store.existingAppIds(tx, ids);
  if (ids.some((id) => !known.has(id)))
    throw AppError.badRequest('dependsOn', serverMessage('ecosystem.appNotFound'));
  if ((await store.dependsOnAny(tx, ids, appId)) !== null)
    throw AppError.badRequest('dependsOn', serverMessage('operations.dependencyCycle'));
  await store.replaceDependencies(tx, appId, ids);
  return { dependsOn: await store.dependenciesOf(tx, appId) };
}

// ---- maintenance ----

export async function addMaintenance(tx: Tx, appId: number, input: MaintenanceWindowCreate) {
  await mustHaveApp(tx, appId);
  const id = await store.insertMaintenance(tx, appId, input);
  const found = (await store.listMaintenance(tx, appId)).find((w) => w.id === id);
  if (!found) throw new Error('maintenance window vanished');
  return found;
}

export async function listMaintenance(tx: Tx, appId: number) {
  await mustHaveApp(tx, appId);
  return store.listMaintenance(tx, appId);
}

export async function removeMaintenance(tx: Tx, id: number) {
  if (!(await store.deleteMaintenance(tx, id)))
    throw new AppError('not_found', serverMessage('operations.maintenanceNotFound'));
}

// ---- availability ----

const minutes = (ms: number) => Math.round(ms / 60_000);

/** Each app's availability over a UTC month (so far, for the current one), maintenance excluded. */
export async function monthlyAvailability(
  deps: AppDeps,
  tx: Tx,
  month: string | undefined,
  appIds?: number[],
): Promise<AppAvailability[]> {
  const at = now(deps);
  const chosen = month ?? at.toISOString().slice(0, 7);
  const span = monthSpan(chosen);
  const period = { start: span.start, end: Math.max(span.start, Math.min(span.end, at.getTime())) };
  const rows = await store.spansIn(tx, new Date(period.start), new Date(period.end), appIds);
  return rows.map((row) => {
    const result = availability(
      period,
      row.down.map(([from, to]) => ({ start: Date.parse(from), end: to ? Date.parse(to) : period.end })),
      row.maintenance.map(([from, to]) => ({ start: Date.parse(from), end: Date.parse(to) })),
    );
    return {
      appId: row.appId,
      appName: row.appName,
      month: chosen,
      percent: result.percent === null ? null : Math.round(result.percent * 100) / 100,
      downMinutes: minutes(result.downMs),
      maintenanceMinutes: minutes(result.maintenanceMs),
    };
  });
}

export async function appAvailability(deps: AppDeps, tx: Tx, appId: number, month: string | undefined) {
  await mustHaveApp(tx, appId);
  const [one] = await monthlyAvailability(deps, tx, month, [appId]);
  return one;
}

/** The apps a company uses (its contacts' sources) with their availability, for the company's screen. */
export async function companyAvailability(
  deps: AppDeps,
  tx: Tx,
  companyId: number,
  month: string | undefined,
) {
  const appIds = await store.companyAppIds(tx, companyId);
  if (appIds === null) throw new AppError('not_found', serverMessage('deals.companyNotFound'));
  return appIds.length === 0 ? [] : monthlyAvailability(deps, tx, month, appIds);
}
