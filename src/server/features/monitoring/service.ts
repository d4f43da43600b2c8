import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { MonitorCreate, MonitorEdit } from '@domain/monitoring/monitoring-schemas';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import { findAppOps } from '../webhooks/index.js';
import * as store from './store.js';

export async function listMonitors(deps: AppDeps, tx: Tx) {
  return store.listMonitors(tx, now(deps));
}

async function monitorById(deps: AppDeps, tx: Tx, id: number) {
  const [monitor] = await store.listMonitors(tx, now(deps), id);
  if (!monitor) throw new AppError('not_found', serverMessage('operations.monitorNotFound'));
  return monitor;
}

export async function configureAppMonitor(
  tx: Tx,
  appId: number,
  input: { intervalSeconds: number; timeoutMs: number },
) {
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
  // Whatever was open was about the old address.
  if (newUrl !== null) await store.closeIncidents(tx, id, at);
  return monitorById(deps, tx, id);
}

export async function removeMonitor(tx: Tx, id: number) {
  const monitor = await store.findMonitor(tx, id, true);
  if (!monitor) throw new AppError('not_found', serverMessage('operations.monitorNotFound'));
  if (monitor.isDefault) throw new AppError('conflict', serverMessage('operations.defaultMonitorKept'));
  await store.deleteMonitor(tx, id);
}

/** Uptime of all the workspace's probes in the last 24 hours; null before the first probe. */
export async function workspaceUptime(deps: AppDeps, tx: Tx): Promise<number | null> {
  return store.workspaceUptime(tx, now(deps));
}

export const openIncidents = store.openIncidents;
