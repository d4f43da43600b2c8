import { AppError } from '@domain/app-error';
import { type StoredMessage, serverMessage, storedMessage } from '@domain/messages';
import type { Config } from '../../config.js';
import { type AppDeps, now } from '../../deps.js';
import type { OutboundClient } from '../../http/outbound.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { heldWorkspaceIds } from '../../jobs/workspace-hold.js';
import { recordActivity } from '../activities/index.js';
import { appTarget, createHubClient, raiseHubEvent, requeueUnfinished } from '../webhooks/index.js';
import * as store from './store.js';

export const probeTickJobName = 'ops-probe-tick';
/** Monitors one tick claims at most; the rest are due at the next tick. */
const claimBatch = 500;
const probeConcurrency = 8;

const clients = new WeakMap<Config, OutboundClient>();
function probeClient(config: Config): OutboundClient {
  let client = clients.get(config);
  if (!client) {
    client = createHubClient(config, 3);
    clients.set(config, client);
  }
  return client;
}

export async function closeProbeClient(config: Config): Promise<void> {
  await clients.get(config)?.close();
  clients.delete(config);
}

export interface ProbeResult {
  up: boolean;
  statusCode: number | null;
  responseMs: number;
  /** Why it is down: 'HTTP 503', or the outbound client's refusal. */
  message: StoredMessage | null;
}

/** One GET through the guarded client: up when it answers below 400 within the timeout. */
export async function probeUrl(config: Config, url: string, timeoutMs: number): Promise<ProbeResult> {
  const began = performance.now();
  try {
    const target = appTarget(config, url);
    const response = await probeClient(config).fetch(target.url, {
      internal: target.internal,
      totalTimeoutMs: timeoutMs,
      acceptErrorStatus: true,
      headers: { accept: 'text/html, application/json;q=0.9, */*;q=0.5' },
    });
    const up = response.status < 400;
    return {
      up,
      statusCode: response.status,
      responseMs: Math.round(performance.now() - began),
      message: up ? null : serverMessage('outbound.status', { status: response.status }),
    };
  } catch (error) {
    return {
      up: false,
      statusCode: null,
      responseMs: Math.round(performance.now() - began),
      message: AppError.storedLine(error, serverMessage('operations.probeFailed')),
    };
  }
}

/**
 * One tick of the monitor: claims the due monitors (each once per interval, however many processes
 * tick), probes them, keeps the heartbeats and buckets, and turns a change of state into an event,
 * an activity and an incident opened or closed. Also prunes old data and requeues stale deliveries.
 */
export async function runProbeTick(deps: AppDeps): Promise<number> {
  const at = now(deps);
  // A restored workspace nobody has started yet is not probed: its monitors' turns pass unused.
  const held = await heldWorkspaceIds(deps.database.db);
  const due = (await store.claimDueProbes(deps.database.db, at, claimBatch)).filter(
    (probe) => !held.has(probe.workspaceId),
  );
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const probe = due[next++];
      const result = await probeUrl(deps.config, probe.url, probe.timeoutMs);
      await deps.database.withWorkspace(probe.workspaceId, async (tx) => {
        const monitor = await store.findMonitor(tx, probe.monitorId, true);
        if (!monitor) return;
        const checkedAt = now(deps);
        await store.recordHeartbeat(tx, probe.monitorId, { at: checkedAt, ...result });
        const changed =
          (monitor.status === 'up' && !result.up) ||
          (monitor.status === 'down' && result.up) ||
          (monitor.status === 'unknown' && !result.up);
        if (!changed) return;
        const what = monitor.isDefault ? monitor.appName : `${monitor.appName} (${probe.url})`;
        if (result.up) await store.closeIncidents(tx, probe.monitorId, checkedAt);
        else await store.openIncident(tx, probe.monitorId, checkedAt, result.message?.text ?? 'down');
        const line = result.up
          ? serverMessage('activity.appUp', { app: what })
          : storedMessage('activity.appDown', {
              app: what,
              reason: result.message ?? serverMessage('operations.probeFailed'),
            });
        await raiseHubEvent(tx, probe.workspaceId, checkedAt, {
          appId: monitor.appId,
          appName: monitor.appName,
          webhookId: `hub_monitor_${probe.monitorId}_${checkedAt.getTime()}`,
          type: result.up ? 'monitor.up' : 'monitor.down',
          status: result.up ? 'ok' : 'error',
          line,
        });
        await recordActivity(tx, result.up ? 'operations_app_up' : 'operations_app_down', line);
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(probeConcurrency, due.length) }, worker));
  await store.prune(deps.database.db, at);
  await requeueUnfinished(deps, { staleOnly: true });
  return due.length;
}

export const probeTickJobDefinition: JobDefinition = {
  name: probeTickJobName,
  // Every minute, once across all processes (pg-boss schedule); the claim makes a repeat harmless.
  cron: '* * * * *',
  retryLimit: 0,
  handler: async (_data, deps) => {
    await runProbeTick(deps);
  },
};
