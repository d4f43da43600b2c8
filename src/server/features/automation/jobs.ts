import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import type { JobDefinition } from '../../jobs/queue.js';
import {
  deliverMessage,
  deliverMessageJobName,
  unsentWorkflowMessagesEverywhere,
} from '../marketing/index.js';
import {
  advanceRun,
  failStuckRun,
  runStepJobName,
  stepDeadlineMs,
  wakeRun,
  wakeRunJobName,
} from './runner.js';
import * as store from './store.js';

type RunJob = { workspaceId: number; runId: number };

/**
 * The minute sweep: wakes waits that are due by the app's clock (a safety net under the scheduled
 * wake jobs, and what moves a controlled clock's waits along), fails stuck runs (the watchdog) and
 * fires schedule triggers.
 */
export async function sweepAutomation(deps: AppDeps): Promise<void> {
  const at = now(deps);
  const due = await deps.database.withPlatform((tx) => store.dueRunsEverywhere(tx, at));
  for (const r of due) await wakeRun(deps, r.workspaceId, r.runId);
  const stuck = await deps.database.withPlatform((tx) => store.stuckRunsEverywhere(tx, at));
  for (const r of stuck) await failStuckRun(deps, r.workspaceId, r.runId);
  const scheduled = await deps.database.withPlatform((tx) => store.scheduledWorkflowsEverywhere(tx));
  for (const s of scheduled) await fireSchedule(deps, s.workspaceId, s.workflowId, at);
  const dated = await deps.database.withPlatform((tx) => store.dateWorkflowsEverywhere(tx));
  for (const d of dated) await fireDateTrigger(deps, d.workspaceId, d.workflowId, at);
}

/**
 * Enters the contacts whose date (plus the trigger's days) came since the last look: from the
 * workflow's creation on the first, so a date long past starts nothing. The look's time is kept in
 * last_scheduled_at, the runs' keys make a repeat harmless.
 */
async function fireDateTrigger(deps: AppDeps, workspaceId: number, workflowId: number, at: Date) {
  await deps.database.withWorkspace(workspaceId, async (tx) => {
    const workflow = await store.findWorkflowRow(tx, workflowId, true);
    const trigger = workflow?.definition.trigger;
    if (workflow?.status !== 'active' || trigger?.type !== 'date_reached') return;
    const since = new Date(workflow.lastScheduledAt ?? workflow.createdAt);
    if (since >= at) return;
    await store.updateWorkflowRow(tx, workflowId, { lastScheduledAt: at });
    const runIds = await store.insertDateRuns(tx, {
      workflowId,
      versionId: workflow.versionId,
      field: trigger.field,
      days: trigger.days,
      since,
      until: at,
      conditions: workflow.definition.conditions,
      startedAt: at,
      deadlineAt: new Date(at.getTime() + stepDeadlineMs),
    });
    await queueRuns(deps, workspaceId, runIds, tx);
  });
}

/** The first step of each new run, queued in the transaction that started the runs (one statement). */
function queueRuns(deps: AppDeps, workspaceId: number, runIds: number[], tx: Tx) {
  return deps.queue.sendMany(
    runStepJobName,
    runIds.map((runId) => ({ data: { workspaceId, runId } })),
    { tx },
  );
}

/** Enters the workflow's contacts once per interval of its schedule trigger. */
async function fireSchedule(deps: AppDeps, workspaceId: number, workflowId: number, at: Date) {
  await deps.database.withWorkspace(workspaceId, async (tx) => {
    const workflow = await store.findWorkflowRow(tx, workflowId, true);
    const trigger = workflow?.definition.trigger;
    if (workflow?.status !== 'active' || trigger?.type !== 'schedule') return;
    const intervalMs = trigger.everyHours * 3_600_000;
    const slot = new Date(Math.floor(at.getTime() / intervalMs) * intervalMs);
    if (workflow.lastScheduledAt && new Date(workflow.lastScheduledAt) >= slot) return;
    await store.updateWorkflowRow(tx, workflowId, { lastScheduledAt: slot });
    const runIds = await store.insertScheduledRuns(tx, {
      workflowId,
      versionId: workflow.versionId,
      slotKey: `schedule:${slot.toISOString()}`,
      conditions: workflow.definition.conditions,
      startedAt: at,
      deadlineAt: new Date(at.getTime() + stepDeadlineMs),
    });
    await queueRuns(deps, workspaceId, runIds, tx);
  });
}

/** Drops finished runs older than each workspace's retention. */
export async function pruneRuns(deps: AppDeps): Promise<void> {
  const workspaces = await deps.database.withPlatform((tx) => store.workspacesWithFinishedRuns(tx));
  for (const workspaceId of workspaces) {
    await deps.database.withWorkspace(workspaceId, async (tx) => {
      const { runRetentionDays } = await store.readSettings(tx);
      await store.pruneFinishedRuns(tx, new Date(now(deps).getTime() - runRetentionDays * 86_400_000));
    });
  }
}

async function requeueRuns(deps: AppDeps): Promise<number> {
  const runs = await deps.database.withPlatform((tx) => store.unfinishedRunsEverywhere(tx));
  await deps.queue.sendMany(
    runStepJobName,
    runs.map((data) => ({ data })),
  );
  return runs.length;
}

async function requeueMessages(deps: AppDeps): Promise<number> {
  const messages = await deps.database.withPlatform((tx) => unsentWorkflowMessagesEverywhere(tx));
  for (const m of messages) await deps.queue.send(deliverMessageJobName, m);
  return messages.length;
}

export const automationJobs: JobDefinition[] = [
  {
    name: runStepJobName,
    // 32 runs side by side: each step locks only its own run, and one fetch serves sixteen.
    concurrency: 2,
    batchSize: 16,
    retryLimit: 2,
    handler: ((data: RunJob, deps: AppDeps) =>
      advanceRun(deps, data.workspaceId, data.runId)) as JobDefinition['handler'],
    recover: requeueRuns,
  },
  {
    name: wakeRunJobName,
    retryLimit: 2,
    handler: ((data: RunJob, deps: AppDeps) =>
      wakeRun(deps, data.workspaceId, data.runId)) as JobDefinition['handler'],
  },
  {
    name: deliverMessageJobName,
    concurrency: 2,
    retryLimit: 3,
    handler: (async (data: { workspaceId: number; messageId: number }, deps: AppDeps) => {
      await deliverMessage(deps, data.workspaceId, data.messageId);
    }) as JobDefinition['handler'],
    recover: requeueMessages,
  },
  {
    name: 'automation.sweep',
    cron: '* * * * *',
    retryLimit: 0,
    handler: (_data, deps) => sweepAutomation(deps),
  },
  { name: 'automation.prune', cron: '17 3 * * *', retryLimit: 0, handler: (_data, deps) => pruneRuns(deps) },
];
