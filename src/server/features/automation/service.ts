import { pathMatches } from '@domain/analytics/path-pattern';
import { AppError } from '@domain/app-error';
import {
  type AutomationMetrics,
  exitRulesSchema,
  meetsCondition,
  type Step,
  type Trigger,
  type WorkflowCreateInput,
  type WorkflowDefinition,
  type WorkflowDetail,
  type WorkflowRun,
  type WorkflowUpdateInput,
  workflowCreateSchema,
} from '@domain/automation/workflow-schemas';
import { contactStatusSchema } from '@domain/contacts/contact-schemas';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import type { ContactEvent, ContactEventListener } from '../../events/contact-events.js';
import { countContactPageViews } from '../analytics/index.js';
import { countLeadsBySource, findContact, noteOnTimeline } from '../contacts/index.js';
import { runStepJobName, stepDeadlineMs } from './runner.js';
import * as store from './store.js';

// ---- workflows ----

export function listWorkflows(tx: Tx) {
  return store.listWorkflowRows(tx);
}

async function detail(tx: Tx, id: number): Promise<WorkflowDetail> {
  const row = await store.findWorkflowRow(tx, id);
  if (!row) throw new AppError('not_found', serverMessage('automation.workflowNotFound'));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    version: row.currentVersion,
    trigger: row.definition.trigger,
    conditions: row.definition.conditions,
    steps: row.definition.steps,
    exitRules: row.definition.exitRules ?? null,
    runs: await store.countRunsByStatus(tx, row.id),
  };
}
export const getWorkflow = detail;

/** Rules the schema cannot say: an update_field step's value must fit its field. */
function checkSteps(steps: Step[], path = 'steps'): void {
  steps.forEach((step, i) => {
    const at = `${path}.${i}`;
    const status =
      step.type === 'update_field' && step.field === 'status' && contactStatusSchema.safeParse(step.value);
    if (status && !status.success) throw AppError.badRequest(`${at}.value`, status.error.issues[0].message);
    if (step.type === 'branch') {
      checkSteps(step.yes, `${at}.yes`);
      checkSteps(step.no, `${at}.no`);
    }
    if (step.type === 'ab_split')
      for (const [j, v] of step.variants.entries()) checkSteps(v.steps, `${at}.variants.${j}.steps`);
  });
}

export async function createWorkflow(tx: Tx, input: WorkflowCreateInput): Promise<WorkflowDetail> {
  const parsed = workflowCreateSchema.parse(input);
  checkSteps(parsed.steps);
  const definition: WorkflowDefinition = {
    trigger: parsed.trigger,
    conditions: parsed.conditions,
    steps: parsed.steps,
    exitRules: parsed.exitRules ?? null,
  };
  const id = await store.insertWorkflowRow(tx, {
    name: parsed.name,
    description: parsed.description,
    status: parsed.status,
    triggerType: parsed.trigger.type,
  });
  await store.insertVersionRow(tx, id, 1, definition);
  return detail(tx, id);
}

/**
 * Applies the edit. A changed definition of a workflow that is active or has runs on its current
 * version becomes a new version: runs under way finish on the one they started with.
 */
export async function updateWorkflow(
  tx: Tx,
  id: number,
  input: WorkflowUpdateInput,
): Promise<WorkflowDetail> {
  const row = await store.findWorkflowRow(tx, id, true);
  if (!row) throw new AppError('not_found', serverMessage('automation.workflowNotFound'));
  const definition: WorkflowDefinition = {
    trigger: (input.trigger as Trigger | undefined) ?? row.definition.trigger,
    conditions: input.conditions ?? row.definition.conditions,
    steps: (input.steps as Step[] | undefined) ?? row.definition.steps,
    exitRules:
      input.exitRules === undefined
        ? (row.definition.exitRules ?? null)
        : input.exitRules && exitRulesSchema.parse(input.exitRules),
  };
  checkSteps(definition.steps);
  const changed = JSON.stringify(definition) !== JSON.stringify(row.definition);
  let version = row.currentVersion;
  if (changed) {
    const runs = await store.countRunsByStatus(tx, id, row.versionId);
    const used = runs.running + runs.waiting + runs.completed + runs.failed > 0;
    if (row.status === 'active' || used) {
      version += 1;
      await store.insertVersionRow(tx, id, version, definition);
    } else {
      await store.replaceVersionDefinition(tx, row.versionId, definition);
    }
  }
  await store.updateWorkflowRow(tx, id, {
    name: input.name,
    description: input.description,
    status: input.status,
    triggerType: definition.trigger.type,
    currentVersion: version,
  });
  return detail(tx, id);
}

export async function deleteWorkflow(tx: Tx, id: number): Promise<void> {
  if (!(await store.deleteWorkflowRow(tx, id)))
    throw new AppError('not_found', serverMessage('automation.workflowNotFound'));
}

// ---- runs ----

function toRun(row: Awaited<ReturnType<typeof store.listRunRows>>[number]): WorkflowRun {
  return {
    id: row.id,
    workflowId: row.workflowId,
    workflowName: row.workflowName,
    version: row.version,
    contactId: row.contactId,
    status: row.status,
    failureReason: row.failureReason,
    exitReason: row.exitReason,
    exitedAt: row.exitedAt ? new Date(row.exitedAt).toISOString() : null,
    wakeAt: row.wakeAt ? new Date(row.wakeAt).toISOString() : null,
    startedAt: new Date(row.startedAt).toISOString(),
    finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
    steps: (row.steps as WorkflowRun['steps']).map((s) => ({
      ...s,
      finishedAt: new Date(s.finishedAt).toISOString(),
    })),
  };
}

export async function listWorkflowRuns(tx: Tx, workflowId: number, limit: number) {
  if (!(await store.findWorkflowRow(tx, workflowId)))
    throw new AppError('not_found', serverMessage('automation.workflowNotFound'));
  return (await store.listRunRows(tx, { workflowId }, limit)).map(toRun);
}

export async function listContactRuns(tx: Tx, contactId: number, limit: number) {
  if (!(await findContact(tx, contactId)))
    throw new AppError('not_found', serverMessage('contacts.notFound'));
  return (await store.listRunRows(tx, { contactId }, limit)).map(toRun);
}

// ---- triggers ----

/** The events that start workflows; the others only feed segments or end sequences (sequences.ts). */
const triggerOfEvent = {
  'contact.created': 'contact_created',
  'contact.status_changed': 'status_changed',
  'contact.tag_added': 'tag_added',
  'contact.email_received': 'email_received',
  'contact.app_event': 'app_event',
  'contact.form_submitted': 'form_submitted',
  'contact.page_visited': 'page_visited',
  'contact.segment_entered': 'segment_entered',
  'contact.segment_left': 'segment_left',
} as const satisfies Partial<Record<ContactEvent['type'], Trigger['type']>>;

type TriggerEvent = Extract<ContactEvent, { type: keyof typeof triggerOfEvent }>;

async function triggerMatches(tx: Tx, trigger: Trigger, event: TriggerEvent): Promise<boolean> {
  if (trigger.type === 'form_submitted' && event.type === 'contact.form_submitted')
    return trigger.formId === undefined || trigger.formId === event.formId;
  if (trigger.type === 'page_visited' && event.type === 'contact.page_visited') {
    if (!pathMatches(trigger.path, event.path)) return false;
    // The view that fired the event is already recorded, so it is counted.
    const count = trigger.count ?? 1;
    return count <= 1 || (await countContactPageViews(tx, event.contactId, trigger.path)) >= count;
  }
  if (trigger.type === 'segment_entered' && event.type === 'contact.segment_entered')
    return trigger.segmentId === event.segmentId;
  if (trigger.type === 'segment_left' && event.type === 'contact.segment_left')
    return trigger.segmentId === event.segmentId;
  if (trigger.type === 'status_changed' && event.type === 'contact.status_changed')
    return !trigger.to || trigger.to === event.to;
  if (trigger.type === 'tag_added' && event.type === 'contact.tag_added')
    return trigger.tag.toLowerCase() === event.tag.toLowerCase();
  if (trigger.type === 'email_received') return event.type === 'contact.email_received';
  if (trigger.type === 'app_event' && event.type === 'contact.app_event')
    return trigger.eventType.toLowerCase() === event.eventType.toLowerCase();
  return trigger.type === 'contact_created' && event.type === 'contact.created';
}

/** Starts a run of `workflow` for the contact, once per trigger key; the run's job commits with it. */
export async function startRun(
  deps: AppDeps,
  tx: Tx,
  workflow: store.WorkflowRow,
  contactId: number,
  triggerKey: string,
  workspaceId: number,
): Promise<number | undefined> {
  const at = now(deps);
  const runId = await store.insertRunRow(tx, {
    workflowId: workflow.id,
    versionId: workflow.versionId,
    contactId,
    triggerKey,
    startedAt: at,
    deadlineAt: new Date(at.getTime() + stepDeadlineMs),
  });
  if (runId === undefined) return undefined;
  await noteOnTimeline(tx, contactId, {
    kind: 'updated',
    title: serverMessage('timeline.workflowStarted', { workflow: workflow.name }),
    occurredAt: at,
    metadata: { workflowId: workflow.id, runId },
  });
  await deps.queue.send(runStepJobName, { workspaceId, runId }, { tx });
  return runId;
}

/** The event's key: a run per workflow per key, so a repeated delivery starts nothing more. */
function triggerKeyOf(event: TriggerEvent, txid: string): string {
  switch (event.type) {
    case 'contact.created':
      return `contact.created:${event.contactId}`;
    case 'contact.status_changed':
      return `contact.status_changed:${event.contactId}:${event.to}:${txid}`;
    case 'contact.tag_added':
      return `contact.tag_added:${event.contactId}:${event.tag.toLowerCase()}:${txid}`;
    case 'contact.email_received':
      return `contact.email_received:${event.contactId}:${event.emailJobId}`;
    case 'contact.app_event':
      return `contact.app_event:${event.contactId}:${event.eventId}`;
    case 'contact.form_submitted':
      return `contact.form_submitted:${event.contactId}:${event.submissionId}`;
    // Once per contact: a visitor reading the page again does not start the workflow again.
    case 'contact.page_visited':
      return `contact.page_visited:${event.contactId}`;
    // Each entry and exit: the evaluation that wrote it runs in this transaction.
    case 'contact.segment_entered':
    case 'contact.segment_left':
      return `${event.type}:${event.contactId}:${event.segmentId}:${txid}`;
  }
}

/**
 * The contact-event listener: every active workflow whose trigger matches starts one run for the
 * event (its key names the event, so a repeated delivery starts nothing more). Changes made by a
 * workflow's own steps start no workflow, so two workflows cannot feed each other forever.
 */
export function contactEventListener(deps: AppDeps): ContactEventListener {
  // Read once per transaction: its events (a contact created, then its form submitted) share them.
  const activeIn = new WeakMap<Tx, ReturnType<typeof store.activeWorkflows>>();
  return async (tx, event) => {
    if (!(event.type in triggerOfEvent) || store.isAutomationTransaction(tx)) return;
    const triggering = event as TriggerEvent;
    let active = activeIn.get(tx);
    if (!active) {
      active = store.activeWorkflows(tx);
      activeIn.set(tx, active);
    }
    const { workflows, workspaceId, txid } = await active;
    const matching: store.WorkflowRow[] = [];
    for (const workflow of workflows) {
      if (workflow.triggerType !== triggerOfEvent[triggering.type]) continue;
      if (await triggerMatches(tx, workflow.definition.trigger, triggering)) matching.push(workflow);
    }
    if (matching.length === 0) return;
    // Read only for conditions: a run of a contact gone meanwhile is not inserted (insertRunRow).
    const contact = matching.some((w) => w.definition.conditions.length > 0)
      ? await findContact(tx, event.contactId)
      : undefined;
    const key = triggerKeyOf(triggering, txid);
    for (const workflow of matching) {
      const conditions = workflow.definition.conditions;
      if (conditions.length > 0 && !(contact && conditions.every((c) => meetsCondition(contact, c))))
        continue;
      await startRun(deps, tx, workflow, event.contactId, key, workspaceId);
    }
  };
}

// ---- figures ----

export const metricsPeriodDays = 30;

const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

/** The automation panel's figures and the dashboard's Automation Score (definitions in AutomationMetrics). */
export async function automationMetrics(deps: Pick<AppDeps, 'clock'>, tx: Tx): Promise<AutomationMetrics> {
  const until = now(deps);
  const since = new Date(until.getTime() - metricsPeriodDays * 86_400_000);
  const newContacts = (await countLeadsBySource(tx, since, until)).reduce((sum, s) => sum + s.leads, 0);
  const f = await store.runFigures(tx, since);
  return {
    periodDays: metricsPeriodDays,
    overall: percent(f.completed, f.finished),
    contentGeneration: percent(f.emailStepsDone, f.emailSteps),
    customerService: percent(f.serviceCompleted, f.serviceFinished),
    leadProcessing: percent(f.newContactsEntered, newContacts),
    performance: {
      emails: { done: f.emailStepsDone, total: f.emailSteps },
      runs: { done: f.completed, total: f.finished },
      leads: { done: Math.min(f.newContactsEntered, newContacts), total: newContacts },
    },
  };
}

/** Share of finished workflow runs that completed in the last 30 days; null when none finished. */
export async function automationScore(deps: Pick<AppDeps, 'clock'>, tx: Tx): Promise<number | null> {
  const since = new Date(now(deps).getTime() - metricsPeriodDays * 86_400_000);
  const f = await store.runFigures(tx, since);
  return percent(f.completed, f.finished);
}

// ---- settings ----

export function readAutomationSettings(tx: Tx) {
  return store.readSettings(tx);
}

export async function writeAutomationSettings(
  tx: Tx,
  patch: Partial<{ runRetentionDays: number; trackingEnabled: boolean; sendRatePerMinute: number }>,
) {
  const current = await store.readSettings(tx);
  const next = { ...current, ...patch };
  await store.writeSettings(tx, next);
  return next;
}

/** After a restore (in its transaction, inside the new workspace): no workflow of the copy acts by itself. */
export async function stopRunsAfterRestore(tx: Tx, at: Date): Promise<void> {
  await store.stopRunsAfterRestore(
    tx,
    'Stopped: the workspace was restored from a backup. Activate the workflow to run it again.',
    at,
  );
}
