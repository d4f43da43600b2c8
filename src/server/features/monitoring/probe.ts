import { AppError } from '@domain/app-error';
import { type StoredMessage, serverMessage } from '@domain/messages';
import type { Config } from '../../config.js';
import { type AppDeps, now } from '../../deps.js';
import type { OutboundClient } from '../../http/outbound.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { heldWorkspaceIds } from '../../jobs/workspace-hold.js';
import { appTarget, createHubClient, requeueUnfinished } from '../webhooks/index.js';
import { appDepths, inMaintenance } from './incident-store.js';
import { settleApp } from './incidents.js';
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

type Round = {
  up: boolean;
  responseMs: number;
  message: StoredMessage | null;
  results: store.LocationResult[];
};

/**
 * One round: a probe from each of the monitor's locations (here they all run on this machine). With
 * one location its answer decides; with several, the round fails only when at least two agree.
 */
async function probeRound(config: Config, probe: store.DueProbe): Promise<Round> {
  const results = await Promise.all(
    probe.locations.map(async (location) => ({
      location,
      ...(await probeUrl(config, probe.url, probe.timeoutMs)),
    })),
  );
  const failed = results.filter((r) => !r.up);
  const up = failed.length < Math.min(2, results.length);
  const shown = up ? (results.find((r) => r.up) ?? results[0]) : failed[0];
  return { up, responseMs: shown.responseMs, message: up ? null : shown.message, results };
}

/**
 * One tick of the monitor: claims the due monitors (each once per interval, however many processes
 * tick), probes them, then records the rounds a dependency depth at a time (apps depending on none
 * first), so a parent that goes down in the same tick as its children is down before their incidents
 * decide whom to tell.
 * Also prunes old data and requeues stale deliveries.
 */
export async function runProbeTick(deps: AppDeps): Promise<number> {
  const at = now(deps);
  // A restored workspace nobody has started yet is not probed: its monitors' turns pass unused.
  const held = await heldWorkspaceIds(deps.database.db);
  const due = (await store.claimDueProbes(deps.database.db, at, claimBatch)).filter(
    (probe) => !held.has(probe.workspaceId),
  );
  const rounds = new Map<store.DueProbe, Round>();
  await inParallel(due, async (probe) => {
    rounds.set(probe, await probeRound(deps.config, probe));
  });
  // Depth under the apps each depends on, per workspace; rounds are recorded a depth at a time.
  const depthOf = new Map<store.DueProbe, number>();
  const workspaces = [...new Set(due.map((probe) => probe.workspaceId))];
  await inParallel(workspaces, async (workspaceId) => {
    const depths = await deps.database.withWorkspace(workspaceId, (tx) => appDepths(tx));
    for (const probe of due)
      if (probe.workspaceId === workspaceId) depthOf.set(probe, depths.get(probe.appId) ?? 0);
  });
  const levels = [...new Set(depthOf.values())].sort((a, b) => a - b);
  for (const level of levels)
    await inParallel(
      due.filter((probe) => depthOf.get(probe) === level),
      async (probe) => {
        const round = rounds.get(probe);
        if (round) await recordRound(deps, probe.workspaceId, probe, round);
      },
    );
  await store.prune(deps.database.db, at);
  await requeueUnfinished(deps, { staleOnly: true });
  return due.length;
}

async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(probeConcurrency, items.length) }, worker));
}

async function recordRound(deps: AppDeps, workspaceId: number, probe: store.DueProbe, round: Round) {
  await deps.database.withWorkspace(workspaceId, async (tx) => {
    const monitor = await store.findMonitor(tx, probe.monitorId, true);
    if (!monitor) return;
    const checkedAt = now(deps);
    const counted = !(await inMaintenance(tx, monitor.appId, checkedAt));
    await store.recordRound(tx, probe.monitorId, { at: checkedAt, counted, ...round });
    await settleApp(
      deps,
      tx,
      { id: monitor.appId, name: monitor.appName },
      { monitorId: probe.monitorId, up: round.up, message: round.message },
    );
  });
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
