import { randomInt } from 'node:crypto';
import {
  enterArm,
  meetsCondition,
  nextPath,
  type Step,
  stepAt,
  waitMilliseconds,
} from '@domain/automation/workflow-schemas';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import { addressPolicyFrom, createOutboundClient } from '../../http/outbound.js';
import { recordActivity } from '../activities/index.js';
import {
  addTimelineEntry,
  type Contact,
  findContact,
  lockContact,
  updateContact,
} from '../contacts/index.js';
import { deliverMessageJobName, isSuppressed, queueMessage, renderMergeFields } from '../marketing/index.js';
import { holdIfAppDown } from '../monitoring/index.js';
import { createTask } from '../tasks/index.js';
import * as store from './store.js';

export const runStepJobName = 'automation.step';
export const wakeRunJobName = 'automation.wake';
/** A running run that has not moved on within this time is stuck: the watchdog fails it. */
export const stepDeadlineMs = 15 * 60_000;
/** Attempts of one step before the run fails; waits between them double from the first. */
export const maxStepAttempts = 3;
export const firstRetryDelayMs = 30_000;
/** Steps one job runs before it hands the rest of the run to a fresh job (a long run never hogs a worker). */
const stepsPerJob = 100;

type Outcome =
  | { kind: 'continue' }
  | { kind: 'stop' }
  | { kind: 'webhook'; path: string; url: string; attempt: number; payload: string };

/** Runs the run's steps until it waits, finishes, fails, or needs the network (a webhook). */
export async function advanceRun(deps: AppDeps, workspaceId: number, runId: number): Promise<void> {
  for (let i = 0; i < stepsPerJob; i += 1) {
    let outcome: Outcome;
    try {
      outcome = await deps.database.withWorkspace(workspaceId, (tx) =>
        runOneStep(deps, tx, workspaceId, runId),
      );
    } catch (error) {
      await recordFailedAttempt(deps, workspaceId, runId, null, error);
      return;
    }
    if (outcome.kind === 'stop') return;
    if (outcome.kind === 'webhook') {
      const failure = await callWebhook(deps, outcome.url, outcome.payload, `run-${runId}-${outcome.path}`);
      if (failure) {
        await recordFailedAttempt(deps, workspaceId, runId, outcome.path, new Error(failure));
        return;
      }
      const after = await deps.database.withWorkspace(workspaceId, async (tx): Promise<Outcome> => {
        const run = await store.lockRunRow(tx, runId);
        if (run?.status !== 'running' || run.cursor !== outcome.path) return { kind: 'stop' };
        await finishStep(deps, tx, run, outcome.path, 'webhook', 'delivered', outcome.attempt);
        return afterStep(run);
      });
      if (after.kind === 'stop') return;
    }
  }
  await deps.queue.send(runStepJobName, { workspaceId, runId });
}

async function runOneStep(deps: AppDeps, tx: Tx, workspaceId: number, runId: number): Promise<Outcome> {
  // Marked as a step's transaction: changes it makes start no other workflow (no loops).
  const run = await store.lockRunRow(tx, runId, { markAutomation: true });
  if (run?.status !== 'running') return { kind: 'stop' };
  const steps = run.definition.steps;
  const path = run.cursor;
  const step = stepAt(steps, path);
  if (!step) {
    await completeRun(deps, tx, run);
    return { kind: 'stop' };
  }
  // A step that changes the contact reads it locked, as the change will (read once, and no change made
  // meanwhile is written over: a tag added between the read and the write stays).
  const changesContact =
    step.type === 'update_field' || step.type === 'add_tag' || step.type === 'remove_tag';
  const contact = run.contactId
    ? await (changesContact ? lockContact : findContact)(tx, run.contactId)
    : undefined;
  if (!contact) {
    await failRun(deps, tx, run, 'The contact was deleted');
    return { kind: 'stop' };
  }
  const attempt = run.stepAttempts + 1;
  const at = now(deps);
  if (step.type === 'webhook' || step.type === 'send_email') {
    // A step that calls or links to an app that is down waits on its incident, which requeues the run.
    const held = await holdIfAppDown(deps, tx, {
      texts: step.type === 'webhook' ? [step.url] : [step.subject, step.body],
      name: run.workflowName,
      resumeJob: runStepJobName,
      runId: run.id,
    });
    if (held) {
      await store.upsertRunStep(
        tx,
        {
          runId: run.id,
          path,
          stepType: step.type,
          status: 'waiting',
          attempts: attempt,
          detail: `held: ${held.appName} is down`,
          at,
        },
        { deadlineAt: null },
      );
      return { kind: 'stop' };
    }
  }
  switch (step.type) {
    case 'wait':
    case 'wait_until': {
      const wakeAt =
        step.type === 'wait' ? new Date(at.getTime() + waitMilliseconds(step)) : new Date(step.at);
      if (wakeAt <= at) break;
      await store.upsertRunStep(
        tx,
        {
          runId: run.id,
          path,
          stepType: step.type,
          status: 'waiting',
          attempts: 1,
          detail: `until ${wakeAt.toISOString()}`,
          at,
        },
        { status: 'waiting', wakeAt, deadlineAt: null },
      );
      // Durable: a row in pgboss.job due at wakeAt; the minute sweep also wakes it if this job is lost.
      await deps.queue.send(wakeRunJobName, { workspaceId, runId }, { tx, startAfter: wakeAt });
      return { kind: 'stop' };
    }
    case 'branch': {
      const arm = meetsCondition(contact, step.condition) ? 'yes' : 'no';
      await moveTo(deps, tx, run, enterArm(steps, path, arm), {
        path,
        stepType: step.type,
        attempts: attempt,
        detail: arm,
      });
      return afterStep(run);
    }
    case 'ab_split': {
      const variant = run.choices[path] ?? chooseVariant(step.variants.map((v) => v.weight));
      await moveTo(
        deps,
        tx,
        run,
        enterArm(steps, path, String(variant)),
        { path, stepType: step.type, attempts: attempt, detail: `variant ${variant + 1}` },
        { choices: { ...run.choices, [path]: variant } },
      );
      return afterStep(run);
    }
    case 'webhook':
      return {
        kind: 'webhook',
        path,
        url: step.url,
        attempt,
        payload: JSON.stringify({
          workflowId: run.workflowId,
          runId: run.id,
          contact: {
            id: contact.id,
            email: contact.email,
            firstName: contact.firstName,
            lastName: contact.lastName,
            status: contact.status,
          },
        }),
      };
    default: {
      const detail = await runLocalStep(deps, tx, run, contact, path, step);
      await finishStep(deps, tx, run, path, step.type, detail, attempt);
      return afterStep(run);
    }
  }
  // A wait already over: on to the next step.
  await finishStep(deps, tx, run, path, step.type, null, attempt);
  return afterStep(run);
}

/** A run the step completed needs no further transaction to find that out. */
const afterStep = (run: store.RunRow): Outcome =>
  run.status === 'running' ? { kind: 'continue' } : { kind: 'stop' };

/** Steps done inside the run's transaction: their effect and the run's progress commit together. */
async function runLocalStep(
  deps: AppDeps,
  tx: Tx,
  run: store.RunRow,
  contact: Contact,
  path: string,
  step: Step,
): Promise<string | null> {
  switch (step.type) {
    case 'send_email': {
      if (!contact.email) return 'skipped: the contact has no email address';
      if (await isSuppressed(tx, contact.email)) return 'skipped: the contact unsubscribed';
      const id = await queueMessage(tx, {
        key: `run:${run.id}:${path}`,
        runId: run.id,
        contactId: contact.id,
        toEmail: contact.email,
        subject: renderMergeFields(step.subject, contact),
        body: renderMergeFields(step.body, contact),
      });
      const { workspaceId } = await store.currentWorkspaceAndTxid(tx);
      if (id !== undefined)
        await deps.queue.send(deliverMessageJobName, { workspaceId, messageId: id }, { tx });
      return 'queued';
    }
    case 'update_field':
      await updateContact(tx, contact.id, { [step.field]: step.value } as never, null, contact);
      return `${step.field} = ${step.value}`;
    case 'add_tag':
      if (!contact.tags.some((t) => t.toLowerCase() === step.tag.toLowerCase()))
        await updateContact(tx, contact.id, { tags: [...contact.tags, step.tag] } as never, null, contact);
      return step.tag;
    case 'remove_tag':
      await updateContact(
        tx,
        contact.id,
        { tags: contact.tags.filter((t) => t.toLowerCase() !== step.tag.toLowerCase()) } as never,
        null,
        contact,
      );
      return step.tag;
    case 'create_note':
      await addTimelineEntry(tx, contact.id, {
        kind: 'note',
        title: step.body.split('\n')[0].slice(0, 80),
        body: step.body,
        occurredAt: now(deps),
      });
      return null;
    case 'create_task': {
      // The contact's owner takes it (the workspace's owner when the contact has none, or theirs left).
      const task = await createTask(
        tx,
        {
          title: renderMergeFields(step.title, contact),
          description: '',
          dueAt: new Date(now(deps).getTime() + step.dueInDays * 86_400_000).toISOString(),
          ownerId: contact.ownerId,
          contactId: contact.id,
        },
        { actor: null },
      );
      return `task ${task.id}, due ${task.dueAt?.slice(0, 10)}`;
    }
    case 'notify_member':
      await recordActivity(
        tx,
        'automation_notification',
        `${run.workflowName}: ${renderMergeFields(step.message, contact)}`,
      );
      return null;
    default:
      return null;
  }
}

function chooseVariant(weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let pick = randomInt(total);
  for (let i = 0; i < weights.length; i += 1) {
    if (pick < weights[i]) return i;
    pick -= weights[i];
  }
  return weights.length - 1;
}

async function finishStep(
  deps: AppDeps,
  tx: Tx,
  run: store.RunRow,
  path: string,
  type: string,
  detail: string | null,
  attempts: number,
  runPatch: store.RunPatch = {},
) {
  await moveTo(
    deps,
    tx,
    run,
    nextPath(run.definition.steps, path),
    { path, stepType: type, detail, attempts },
    runPatch,
  );
}

/**
 * The step recorded as completed and the run moved to `cursor` (completed at the end), with `runPatch`:
 * one statement.
 */
async function moveTo(
  deps: AppDeps,
  tx: Tx,
  run: store.RunRow,
  cursor: string,
  done: { path: string; stepType: string; detail: string | null; attempts: number },
  runPatch: store.RunPatch = {},
) {
  const at = now(deps);
  const move: store.RunPatch =
    cursor === ''
      ? { status: 'completed', cursor, stepAttempts: 0, deadlineAt: null, finishedAt: at }
      : { cursor, stepAttempts: 0, deadlineAt: new Date(at.getTime() + stepDeadlineMs) };
  await store.upsertRunStep(
    tx,
    { runId: run.id, ...done, status: 'completed', at },
    { ...runPatch, ...move },
  );
  run.cursor = cursor;
  run.stepAttempts = 0;
  if (cursor === '') await recordCompletion(tx, run, at);
}

async function completeRun(deps: AppDeps, tx: Tx, run: store.RunRow) {
  const at = now(deps);
  await store.updateRunRow(tx, run.id, { status: 'completed', cursor: '', deadlineAt: null, finishedAt: at });
  await recordCompletion(tx, run, at);
}

async function recordCompletion(tx: Tx, run: store.RunRow, at: Date) {
  run.status = 'completed';
  if (run.contactId)
    await addTimelineEntry(tx, run.contactId, {
      kind: 'updated',
      title: serverMessage('timeline.workflowCompleted', { workflow: run.workflowName }),
      occurredAt: at,
      metadata: { workflowId: run.workflowId, runId: run.id },
    });
}

export async function failRun(deps: AppDeps, tx: Tx, run: store.RunRow, reason: string) {
  const at = now(deps);
  await store.updateRunRow(tx, run.id, {
    status: 'failed',
    failureReason: reason,
    deadlineAt: null,
    wakeAt: null,
    finishedAt: at,
  });
  if (run.contactId && (await findContact(tx, run.contactId)))
    await addTimelineEntry(tx, run.contactId, {
      kind: 'updated',
      title: serverMessage('timeline.workflowFailed', { workflow: run.workflowName, reason }),
      occurredAt: at,
      metadata: { workflowId: run.workflowId, runId: run.id },
    });
}

/** One more failed attempt of the current step: retried later with backoff, or the run fails with the reason. */
async function recordFailedAttempt(
  deps: AppDeps,
  workspaceId: number,
  runId: number,
  expectedPath: string | null,
  error: unknown,
) {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  deps.log.warn({ runId, workspaceId }, `workflow step failed: ${message}`);
  await deps.database.withWorkspace(workspaceId, async (tx) => {
    const run = await store.lockRunRow(tx, runId);
    if (run?.status !== 'running' || (expectedPath !== null && run.cursor !== expectedPath)) return;
    const attempts = run.stepAttempts + 1;
    const step = stepAt(run.definition.steps, run.cursor);
    const stepType = step?.type ?? 'unknown';
    if (attempts >= maxStepAttempts) {
      await store.upsertRunStep(tx, {
        runId,
        path: run.cursor,
        stepType,
        status: 'failed',
        attempts,
        detail: message,
        at: now(deps),
      });
      await failRun(
        deps,
        tx,
        run,
        `Step ${Number(run.cursor.split('/')[0]) + 1} (${stepType}) failed ${attempts} times: ${message}`,
      );
      return;
    }
    const delay = firstRetryDelayMs * 2 ** (attempts - 1);
    const retryAt = new Date(now(deps).getTime() + delay);
    await store.upsertRunStep(tx, {
      runId,
      path: run.cursor,
      stepType,
      status: 'retrying',
      attempts,
      detail: message,
      at: now(deps),
    });
    await store.updateRunRow(tx, runId, {
      stepAttempts: attempts,
      deadlineAt: new Date(retryAt.getTime() + stepDeadlineMs),
    });
    await deps.queue.send(runStepJobName, { workspaceId, runId }, { tx, startAfter: retryAt });
  });
}

/** Returns why the call failed, or null when the endpoint answered 2xx. */
async function callWebhook(
  deps: AppDeps,
  url: string,
  payload: string,
  idempotencyKey: string,
): Promise<string | null> {
  const client = createOutboundClient({
    policy: addressPolicyFrom(deps.config),
    publicUrl: deps.config.PUBLIC_URL,
    connectTimeoutMs: 5_000,
    totalTimeoutMs: 10_000,
    maxBytes: 64 * 1024,
    maxRedirects: 0,
  });
  try {
    const response = await client.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: payload,
    });
    return response.status >= 200 && response.status < 300 ? null : `the webhook answered ${response.status}`;
  } catch (error) {
    return `the webhook could not be reached (${error instanceof Error ? error.message : 'error'})`;
  } finally {
    await client.close();
  }
}

/** A wait is over (its scheduled job fired, or the sweep found it due): the run goes on. */
export async function wakeRun(deps: AppDeps, workspaceId: number, runId: number): Promise<void> {
  const woke = await deps.database.withWorkspace(workspaceId, async (tx) => {
    const run = await store.lockRunRow(tx, runId);
    if (run?.status !== 'waiting' || !run.wakeAt) return false;
    if (new Date(run.wakeAt) > now(deps)) return false;
    const step = stepAt(run.definition.steps, run.cursor);
    run.status = 'running';
    await finishStep(deps, tx, run, run.cursor, step?.type ?? 'wait', 'waited', 1, {
      status: 'running',
      wakeAt: null,
    });
    // A wait that was the last step completed the run: nothing left to advance.
    return run.status === 'running';
  });
  if (woke) await advanceRun(deps, workspaceId, runId);
}

/** The watchdog: fails runs stuck past their deadline, saying where they stopped. */
export async function failStuckRun(deps: AppDeps, workspaceId: number, runId: number): Promise<void> {
  await deps.database.withWorkspace(workspaceId, async (tx) => {
    const run = await store.lockRunRow(tx, runId);
    // Checked again under the lock: the run may have moved on since the sweep read it.
    if (run?.status !== 'running' || !run.deadlineAt || new Date(run.deadlineAt) >= now(deps)) return;
    const step = stepAt(run.definition.steps, run.cursor);
    await failRun(
      deps,
      tx,
      run,
      `Stuck: step ${run.cursor || 'end'} (${step?.type ?? 'none'}) did not finish by its deadline`,
    );
  });
}
