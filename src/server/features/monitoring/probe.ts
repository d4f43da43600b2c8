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
/** Monitors one claim takes at most; a full claim is followed by another. */
const claimBatch = 500;
/**
 * Probes in flight at once in a process: 1,000 monitors at 20 s are 50 probes a second, so 64 leave room
 * for slow answers (a probe holds its slot up to its timeout) without letting a burst open sockets without bound.
 */
const probeSlots = limiter(64);
/** Rounds recorded at once: each is a short transaction, and the HTTP requests share the pool. */
const recordConcurrency = 8;
/** Lateness is kept as an int column; a monitor overdue for weeks (stopped processes) is capped there. */
const maxLateMs = 2_000_000_000;

/** Runs work with at most `size` at a time, the rest waiting in order. */
function limiter(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      try {
        return await work();
      } finally {
        const wake = waiting.shift();
        if (wake) wake();
        else running--;
      }
    },
  };
}

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
 * Probes claimed monitors — each at its due time when `onTime` (else at once), at most `probeSlots`
 * at a time across the process — then records the rounds a dependency depth at a time (apps depending
 * on none first), so a parent that goes down in the same batch as its children is down before their
 * incidents decide whom to tell. Each round records how late it started after its due time.
 */
export async function probeClaimed(deps: AppDeps, due: store.DueProbe[], onTime: boolean): Promise<void> {
  const rounds = new Map<store.DueProbe, Round & { lateMs: number }>();
  await Promise.all(
    due.map(async (probe) => {
      const wait = probe.dueAt.getTime() - now(deps).getTime();
      if (onTime && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await probeSlots.run(async () => {
        const lateMs = Math.min(maxLateMs, Math.max(0, now(deps).getTime() - probe.dueAt.getTime()));
        rounds.set(probe, { ...(await probeRound(deps.config, probe)), lateMs });
      });
    }),
  );
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
}

/** The claimed monitors, less those of a restored workspace nobody has started yet (their turns pass unused). */
async function claim(deps: AppDeps, at: Date, horizon: Date): Promise<store.DueProbe[]> {
  const held = await heldWorkspaceIds(deps.database.db);
  return (await store.claimDueProbes(deps.database.db, at, horizon, claimBatch)).filter(
    (probe) => !held.has(probe.workspaceId),
  );
}

/**
 * The minute's tick (pg-boss cron): probes whatever is due now at once — in a process running the probe
 * loop the loop has claimed it already, so this finds nothing — then prunes old data and requeues stale
 * deliveries. Tests call it with a controlled clock as one round of every due monitor.
 */
export async function runProbeTick(deps: AppDeps): Promise<number> {
  const at = now(deps);
  const due = await claim(deps, at, at);
  await probeClaimed(deps, due, false);
  await store.prune(deps.database.db, at);
  await requeueUnfinished(deps, { staleOnly: true });
  return due.length;
}

/**
 * The probe loop of a server process (`npm start`): every `claimEveryMs` it claims the monitors due
 * within the next `lookaheadMs` (one `UPDATE … SKIP LOCKED`, so several processes never probe a monitor
 * twice in an interval) and starts each probe at its due time. A full claim is followed by another at
 * once. Returns the stop, which waits for the claimed probes to be done and recorded.
 */
export function startProbeLoop(
  deps: AppDeps,
  { claimEveryMs = 1_000, lookaheadMs = 2_000 }: { claimEveryMs?: number; lookaheadMs?: number } = {},
): () => Promise<void> {
  if (!deps.config.MONITOR_PROBES) return async () => {};
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let cycling: Promise<void> = Promise.resolve();
  const batches = new Set<Promise<void>>();
  const cycle = async () => {
    let full = true;
    while (full && !stopped) {
      const at = now(deps);
      const due = await claim(deps, at, new Date(at.getTime() + lookaheadMs));
      full = due.length === claimBatch;
      if (due.length === 0) continue;
      const batch = probeClaimed(deps, due, true).catch((error) =>
        deps.log.error({ err: error }, 'monitor probes failed'),
      );
      batches.add(batch);
      void batch.finally(() => batches.delete(batch));
    }
  };
  const next = () => {
    cycling = cycle()
      .catch((error) => deps.log.error({ err: error }, 'monitor claim failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(next, claimEveryMs);
      });
  };
  next();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await cycling;
    await Promise.all([...batches]);
  };
}

async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(recordConcurrency, items.length) }, worker));
}

async function recordRound(
  deps: AppDeps,
  workspaceId: number,
  probe: store.DueProbe,
  round: Round & { lateMs: number },
) {
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
  // Every minute, once across all processes (pg-boss schedule); the claim makes a repeat harmless. The
  // probes themselves are the loop's (`startProbeLoop`): a minute's tick cannot keep 20 s intervals.
  cron: '* * * * *',
  retryLimit: 0,
  handler: async (_data, deps) => {
    await runProbeTick(deps);
  },
};
