import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type {
  MonitorCreate,
  MonitorEdit,
  MonitorPage,
  MonitorPageQuery,
  MonitorUpdate,
} from '@domain/monitoring/monitoring-schemas';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import { findAppOps } from '../webhooks/index.js';
import { settleApp } from './incidents.js';
import * as store from './store.js';

export async function listMonitors(deps: AppDeps, tx: Tx) {
  return store.listMonitors(tx, now(deps));
}

/** Each app's own monitor (the one that follows its URL), without the extra ones. */
export async function appMonitors(deps: AppDeps, tx: Tx) {
  return store.listMonitors(tx, now(deps), { appsOwn: true });
}

/** A page of the Monitors card: its rows' uptime is read for that page only. */
export async function monitorPage(deps: AppDeps, tx: Tx, page: MonitorPageQuery): Promise<MonitorPage> {
  return {
    total: await store.countMonitors(tx),
    monitors: await store.listMonitors(tx, now(deps), page),
  };
}

async function monitorById(deps: AppDeps, tx: Tx, id: number) {
  const [monitor] = await store.listMonitors(tx, now(deps), { id });
  if (!monitor) throw new AppError('not_found', serverMessage('operations.monitorNotFound'));
  return monitor;
}

export async function configureAppMonitor(tx: Tx, appId: number, input: MonitorUpdate) {
  if (!(await store.updateDefaultMonitor(tx, appId, input)))
    throw new AppError('not_found', serverMessage('ecosystem.appNotFound'));
}

export async function addMonitor(deps: AppDeps, tx: Tx, input: MonitorCreate) {
  if (!(await findAppOps(tx, input.appId)))
    throw AppError.badRequest('appId', serverMessage('ecosystem.appNotFound'));
  const id = await store.insertMonitor(tx, {
    appId: input.appId,
    url: input.url,
    intervalSeconds: input.intervalSeconds ?? 60,
    timeoutMs: input.timeoutMs ?? 10_000,
    failuresToDown: input.failuresToDown ?? 2,
    locations: input.locations ?? ['local'],
  });
  return monitorById(deps, tx, id);
}

/** Edits a monitor's timing and, for an extra monitor, its URL; an app's own monitor follows the app's URL. */
export async function editMonitor(deps: AppDeps, tx: Tx, id: number, input: MonitorEdit) {
  const monitor = await store.findMonitor(tx, id, true);
  if (!monitor) throw new AppError('not_found', serverMessage('operations.monitorNotFound'));
  if (monitor.isDefault && input.url !== undefined && input.url !== monitor.url)
    throw AppError.badRequest('url', serverMessage('operations.defaultMonitorUrl'));
  const newUrl =
    !monitor.isDefault && input.url !== undefined && input.url !== monitor.url ? input.url : null;
  const at = now(deps);
  await store.updateMonitor(tx, id, { ...input, newUrl }, at);
  // Whatever was down was about the old address: the app's incident follows its monitors.
  if (newUrl !== null) await settleApp(deps, tx, { id: monitor.appId, name: monitor.appName }, null);
  return monitorById(deps, tx, id);
}

export async function removeMonitor(deps: AppDeps, tx: Tx, id: number) {
  const monitor = await store.findMonitor(tx, id, true);
  if (!monitor) throw new AppError('not_found', serverMessage('operations.monitorNotFound'));
  if (monitor.isDefault) throw new AppError('conflict', serverMessage('operations.defaultMonitorKept'));
  await store.deleteMonitor(tx, id);
  await settleApp(deps, tx, { id: monitor.appId, name: monitor.appName }, null);
}

/** Uptime of all the workspace's probes in the last 24 hours; null before the first probe. */
export async function workspaceUptime(deps: AppDeps, tx: Tx): Promise<number | null> {
  return store.workspaceUptime(tx, now(deps));
}

export const openIncidents = store.openIncidents;
