import type {
  Condition,
  ExitReason,
  ExitRules,
  RunStatus,
  WorkflowDefinition,
  WorkflowStatus,
} from '@domain/automation/workflow-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { executeNamed, type Tx } from '../../db/database.js';

export type WorkflowRow = {
  id: number;
  name: string;
  description: string;
  status: WorkflowStatus;
  triggerType: string;
  currentVersion: number;
  versionId: number;
  definition: WorkflowDefinition;
  lastScheduledAt: Date | null;
  createdAt: Date;
};

const workflowColumns = sql`w.id, w.name, w.description, w.status, w.trigger_type as "triggerType",
  w.current_version as "currentVersion", v.id as "versionId", v.definition,
  w.last_scheduled_at as "lastScheduledAt", w.created_at as "createdAt"`;
const withCurrentVersion = sql`workflows w join workflow_versions v on v.workflow_id = w.id and v.version = w.current_version`;

export async function listWorkflowRows(tx: Tx) {
  const { rows } = await tx.execute<{
    id: number;
    name: string;
    description: string;
    status: WorkflowStatus;
  }>(sql`select id, name, description, status from workflows order by id`);
  return rows;
}

export async function findWorkflowRow(tx: Tx, id: number, lock = false): Promise<WorkflowRow | undefined> {
  const { rows } = await tx.execute<WorkflowRow>(
    sql`select ${workflowColumns} from ${withCurrentVersion} where w.id = ${id} ${lock ? sql`for update of w` : sql``}`,
  );
  return rows[0];
}

/** Transactions a workflow's step runs in (`lockRunRow`'s mark): changes they make start no workflow (no loops). */
const automationTransactions = new WeakSet<Tx>();

export const isAutomationTransaction = (tx: Tx) => automationTransactions.has(tx);

/**
 * The workspace's active workflows, with what starting them needs, in one round trip (a contact event
 * comes inside its writer's transaction, e.g. a lead form's submission): the workspace and the
 * transaction's id (for a run's key; read only when there is a workflow, which the event's write has
 * already given an id). Every trigger's at once: a transaction's events (a contact created, then its form
 * submitted) read them once (the service keeps them for the transaction).
 */
export async function activeWorkflows(
  tx: Tx,
): Promise<{ workflows: WorkflowRow[]; workspaceId: number; txid: string }> {
  // Named (parsed and planned once per connection): every writer of contact events sends it.
  const rows = await executeNamed<
    Omit<WorkflowRow, 'id'> & {
      id: number | null;
      workspaceId: number;
      txid: string | null;
    }
  >(
    tx,
    'workflows-active',
    sql`select app_current_workspace() as "workspaceId",
          case when w.id is not null then txid_current()::text end as txid, ${workflowColumns}
        from (select) one left join (${withCurrentVersion}) on w.status = 'active'
        order by w.id`,
  );
  const { workspaceId, txid } = rows[0];
  return {
    workflows: rows.flatMap(({ workspaceId: _ws, txid: _txid, ...row }) =>
      row.id === null ? [] : [{ ...row, id: row.id }],
    ),
    workspaceId: Number(workspaceId),
    txid: txid ?? '',
  };
}

export async function insertWorkflowRow(
  tx: Tx,
  values: { name: string; description: string; status: WorkflowStatus; triggerType: string },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`insert into workflows (name, description, status, trigger_type)
        values (${values.name}, ${values.description}, ${values.status}, ${values.triggerType}) returning id`,
  );
  return rows[0].id;
}

export async function insertVersionRow(
  tx: Tx,
  workflowId: number,
  version: number,
  definition: WorkflowDefinition,
): Promise<void> {
  await tx.execute(
    sql`insert into workflow_versions (workflow_id, version, definition)
        values (${workflowId}, ${version}, ${JSON.stringify(definition)}::jsonb)`,
  );
}

export async function replaceVersionDefinition(tx: Tx, versionId: number, definition: WorkflowDefinition) {
  await tx.execute(
    sql`update workflow_versions set definition = ${JSON.stringify(definition)}::jsonb where id = ${versionId}`,
  );
}

export async function updateWorkflowRow(
  tx: Tx,
  id: number,
  patch: Partial<{
    name: string;
    description: string;
    status: WorkflowStatus;
    triggerType: string;
    currentVersion: number;
    lastScheduledAt: Date;
  }>,
): Promise<void> {
  const sets: SQL[] = [];
  if (patch.name !== undefined) sets.push(sql`name = ${patch.name}`);
  if (patch.description !== undefined) sets.push(sql`description = ${patch.description}`);
  if (patch.status !== undefined) sets.push(sql`status = ${patch.status}`);
  if (patch.triggerType !== undefined) sets.push(sql`trigger_type = ${patch.triggerType}`);
  if (patch.currentVersion !== undefined) sets.push(sql`current_version = ${patch.currentVersion}`);
  if (patch.lastScheduledAt !== undefined)
    sets.push(sql`last_scheduled_at = ${patch.lastScheduledAt.toISOString()}::timestamptz`);
  if (sets.length === 0) return;
  await tx.execute(sql`update workflows set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

export async function deleteWorkflowRow(tx: Tx, id: number): Promise<boolean> {
  const { rowCount } = await tx.execute(sql`delete from workflows where id = ${id}`);
  return (rowCount ?? 0) > 0;
}

export async function countRunsByStatus(tx: Tx, workflowId: number, versionId?: number) {
  const { rows } = await tx.execute<{ status: RunStatus; count: number }>(
    sql`select status, count(*)::int as count from workflow_runs
        where workflow_id = ${workflowId} ${versionId ? sql`and version_id = ${versionId}` : sql``}
        group by status`,
  );
  const counts = { running: 0, waiting: 0, completed: 0, failed: 0, exited: 0 };
  for (const r of rows) counts[r.status] = r.count;
  return counts;
}

// ---- runs ----

export type RunRow = {
  id: number;
  workflowId: number;
  workflowName: string;
  versionId: number;
  version: number;
  definition: WorkflowDefinition;
  contactId: number | null;
  status: RunStatus;
  cursor: string;
  stepAttempts: number;
  wakeAt: Date | null;
  deadlineAt: Date | null;
  failureReason: string | null;
  exitReason: ExitReason | null;
  exitedAt: Date | null;
  choices: Record<string, number>;
  startedAt: Date;
  finishedAt: Date | null;
};

const runColumns = sql`r.id, r.workflow_id as "workflowId", w.name as "workflowName", r.version_id as "versionId",
  v.version, v.definition, r.contact_id as "contactId", r.status, r.cursor, r.step_attempts as "stepAttempts",
  r.wake_at as "wakeAt", r.deadline_at as "deadlineAt", r.failure_reason as "failureReason",
  r.exit_reason as "exitReason", r.exited_at as "exitedAt", r.choices, r.started_at as "startedAt",
  r.finished_at as "finishedAt"`;
const runJoins = sql`workflow_runs r join workflow_versions v on v.id = r.version_id join workflows w on w.id = r.workflow_id`;

/**
 * Inserts the run unless this workflow already has one for this trigger event, or the contact is gone;
 * returns its id when new.
 */
export async function insertRunRow(
  tx: Tx,
  values: {
    workflowId: number;
    versionId: number;
    contactId: number;
    triggerKey: string;
    startedAt: Date;
    deadlineAt: Date;
  },
): Promise<number | undefined> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`insert into workflow_runs (workflow_id, version_id, contact_id, trigger_key, started_at, deadline_at)
        select ${values.workflowId}, ${values.versionId}, c.id, ${values.triggerKey},
                ${values.startedAt.toISOString()}::timestamptz, ${values.deadlineAt.toISOString()}::timestamptz
        from contacts c where c.id = ${values.contactId}
        on conflict (workspace_id, workflow_id, trigger_key) do nothing returning id`,
  );
  return rows[0]?.id;
}

/**
 * Enters every contact that meets `conditions` into the workflow for one schedule slot, in one
 * statement; returns the new runs' ids (contacts already entered for the slot are skipped).
 */
export async function insertScheduledRuns(
  tx: Tx,
  values: {
    workflowId: number;
    versionId: number;
    slotKey: string;
    conditions: Condition[];
    startedAt: Date;
    deadlineAt: Date;
  },
): Promise<number[]> {
  const where = values.conditions.map(conditionSql);
  const { rows } = await tx.execute<{ id: number }>(
    sql`insert into workflow_runs (workflow_id, version_id, contact_id, trigger_key, started_at, deadline_at)
        select ${values.workflowId}, ${values.versionId}, c.id, ${values.slotKey} || ':' || c.id,
               ${values.startedAt.toISOString()}::timestamptz, ${values.deadlineAt.toISOString()}::timestamptz
        from contacts c ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        on conflict (workspace_id, workflow_id, trigger_key) do nothing returning id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Enters every contact whose date field plus `days` fell in (since, until] and that meets `conditions`;
 * the key names the date, so a contact enters once per date (a new last-contacted date is a new one).
 */
export async function insertDateRuns(
  tx: Tx,
  values: {
    workflowId: number;
    versionId: number;
    field: 'createdAt' | 'lastContactedAt';
    days: number;
    since: Date;
    until: Date;
    conditions: Condition[];
    startedAt: Date;
    deadlineAt: Date;
  },
): Promise<number[]> {
  const column = sql.raw(values.field === 'createdAt' ? 'c.created_at' : 'c.last_contacted_at');
  const due = sql`${column} + make_interval(days => ${values.days}::int)`;
  const where = [
    sql`${column} is not null`,
    sql`${due} > ${values.since.toISOString()}::timestamptz`,
    sql`${due} <= ${values.until.toISOString()}::timestamptz`,
    ...values.conditions.map(conditionSql),
  ];
  const { rows } = await tx.execute<{ id: number }>(
    sql`insert into workflow_runs (workflow_id, version_id, contact_id, trigger_key, started_at, deadline_at)
        select ${values.workflowId}, ${values.versionId}, c.id,
               'date:' || ${values.field}::text || ':' || extract(epoch from ${column})::text || ':' || c.id,
               ${values.startedAt.toISOString()}::timestamptz, ${values.deadlineAt.toISOString()}::timestamptz
        from contacts c where ${sql.join(where, sql` and `)}
        on conflict (workspace_id, workflow_id, trigger_key) do nothing returning id`,
  );
  return rows.map((r) => r.id);
}

function conditionSql(condition: Condition): SQL {
  switch (condition.field) {
    case 'status':
      return condition.op === 'is' ? sql`c.status = ${condition.value}` : sql`c.status <> ${condition.value}`;
    case 'source':
      return condition.op === 'is'
        ? sql`lower(c.source) = lower(${condition.value})`
        : sql`lower(c.source) <> lower(${condition.value})`;
    case 'tag': {
      const has = sql`exists (select 1 from unnest(c.tags) t where lower(t) = lower(${condition.value}))`;
      return condition.op === 'has' ? has : sql`not ${has}`;
    }
  }
}

export async function lockRunRow(
  tx: Tx,
  id: number,
  options: { markAutomation?: boolean } = {},
): Promise<RunRow | undefined> {
  // The contact first, then the run: the order every writer that ends sequences keeps (an email filed
  // for the contact updates its row, then exits its runs), so a step and an exit wait for each other
  // instead of deadlocking. Key share is the lock the run's own writes take on it anyway (foreign keys).
  // One statement: the contact's lock is an init plan, taken before the run's row is locked; a run changed
  // while this waited is read as its newest version, as the row lock of a later statement would read it.
  // Named and often a transaction's first statement: sent with its opening, one round trip.
  const rows = await executeNamed<RunRow>(
    tx,
    'workflows-lock-run',
    sql`with contact as materialized (
          select 1 from contacts c where c.id = (select contact_id from workflow_runs where id = ${id}) for key share of c
        )
        select ${runColumns} from ${runJoins} where r.id = ${id} and (select count(*) from contact) >= 0 for update of r`,
  );
  if (options.markAutomation) automationTransactions.add(tx);
  return rows[0];
}

/**
 * Locks the contact's live runs of sequences (workflows with exit rules), in id order so two exits
 * never deadlock: the same row lock every step takes before it acts (see the runner).
 */
export async function lockLiveSequenceRuns(tx: Tx, contactId: number) {
  const { rows } = await tx.execute<{ id: number; exitRules: ExitRules }>(
    sql`select r.id, v.definition->'exitRules' as "exitRules"
        from workflow_runs r join workflow_versions v on v.id = r.version_id
        where r.contact_id = ${contactId} and r.status in ('running', 'waiting')
          and jsonb_typeof(v.definition->'exitRules') = 'object'
        order by r.id for update of r`,
  );
  return rows;
}

export async function exitRunRows(tx: Tx, ids: number[], reason: ExitReason, at: Date) {
  await tx.execute(
    sql`update workflow_runs set status = 'exited', exit_reason = ${reason}, exited_at = ${at.toISOString()}::timestamptz,
          finished_at = ${at.toISOString()}::timestamptz, wake_at = null, deadline_at = null
        where id = any(${sql.param(ids)}::bigint[])`,
  );
}

export type RunPatch = Partial<{
  status: RunStatus;
  cursor: string;
  stepAttempts: number;
  wakeAt: Date | null;
  deadlineAt: Date | null;
  failureReason: string;
  choices: Record<string, number>;
  finishedAt: Date;
}>;

function runSets(patch: RunPatch): SQL[] {
  const ts = (d: Date | null) => (d ? sql`${d.toISOString()}::timestamptz` : sql`null`);
  const sets: SQL[] = [];
  if (patch.status !== undefined) sets.push(sql`status = ${patch.status}`);
  if (patch.cursor !== undefined) sets.push(sql`cursor = ${patch.cursor}`);
  if (patch.stepAttempts !== undefined) sets.push(sql`step_attempts = ${patch.stepAttempts}`);
  if (patch.wakeAt !== undefined) sets.push(sql`wake_at = ${ts(patch.wakeAt)}`);
  if (patch.deadlineAt !== undefined) sets.push(sql`deadline_at = ${ts(patch.deadlineAt)}`);
  if (patch.failureReason !== undefined) sets.push(sql`failure_reason = ${patch.failureReason}`);
  if (patch.choices !== undefined) sets.push(sql`choices = ${JSON.stringify(patch.choices)}::jsonb`);
  if (patch.finishedAt !== undefined) sets.push(sql`finished_at = ${ts(patch.finishedAt)}`);
  return sets;
}

export async function updateRunRow(tx: Tx, id: number, patch: RunPatch): Promise<void> {
  const sets = runSets(patch);
  if (sets.length === 0) return;
  await tx.execute(sql`update workflow_runs set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/** A step's row written, and the run's row patched in the same statement (one round trip for both). */
export async function upsertRunStep(
  tx: Tx,
  values: {
    runId: number;
    path: string;
    stepType: string;
    status: string;
    attempts: number;
    detail: string | null;
    at: Date;
  },
  runPatch: RunPatch = {},
): Promise<void> {
  const step = sql`insert into workflow_run_steps (run_id, path, step_type, status, attempts, detail, finished_at)
        values (${values.runId}, ${values.path}, ${values.stepType}, ${values.status}, ${values.attempts},
                ${values.detail}, ${values.at.toISOString()}::timestamptz)
        on conflict (workspace_id, run_id, path) do update set status = excluded.status, attempts = excluded.attempts,
          detail = excluded.detail, finished_at = excluded.finished_at`;
  const sets = runSets(runPatch);
  await tx.execute(
    sets.length === 0
      ? step
      : sql`with step as (${step}) update workflow_runs set ${sql.join(sets, sql`, `)} where id = ${values.runId}`,
  );
}

export async function listRunRows(
  tx: Tx,
  filter: { workflowId?: number; contactId?: number },
  limit: number,
) {
  const where = filter.workflowId
    ? sql`r.workflow_id = ${filter.workflowId}`
    : sql`r.contact_id = ${filter.contactId}`;
  const { rows } = await tx.execute<RunRow & { steps: unknown }>(
    sql`select ${runColumns}, coalesce((
          select json_agg(json_build_object('path', s.path, 'type', s.step_type, 'status', s.status,
            'attempts', s.attempts, 'detail', s.detail, 'finishedAt', s.finished_at) order by s.finished_at, s.id)
          from workflow_run_steps s where s.run_id = r.id), '[]') as steps
        from ${runJoins} where ${where} order by r.started_at desc, r.id desc limit ${limit}`,
  );
  return rows;
}

// ---- figures ----

/** Runs started or finished since `since`: completion counts by finish time, starts by start time. */
export async function runFigures(tx: Tx, since: Date) {
  const at = sql`${since.toISOString()}::timestamptz`;
  const service = sql`v.definition->'trigger'->>'type' in ('status_changed', 'tag_added')`;
  // A sequence that stopped on its exit rule (a reply, a booking) did its job: it counts as completed.
  const endedWell = sql`r.status in ('completed', 'exited')`;
  const { rows } = await tx.execute<{
    started: number;
    completed: number;
    finished: number;
    serviceCompleted: number;
    serviceFinished: number;
    newContactsEntered: number;
    emailSteps: number;
    emailStepsDone: number;
  }>(sql`
    select
      count(*) filter (where r.started_at >= ${at})::int as started,
      count(*) filter (where ${endedWell} and r.finished_at >= ${at})::int as completed,
      count(*) filter (where r.finished_at >= ${at})::int as finished,
      count(*) filter (where ${endedWell} and r.finished_at >= ${at} and ${service})::int as "serviceCompleted",
      count(*) filter (where r.finished_at >= ${at} and ${service})::int as "serviceFinished",
      count(distinct r.contact_id) filter (where r.started_at >= ${at} and r.trigger_key like 'contact.created:%')::int
        as "newContactsEntered",
      (select count(*) from workflow_run_steps s
         where s.step_type = 'send_email' and s.status in ('completed', 'failed') and s.finished_at >= ${at})::int as "emailSteps",
      (select count(*) from workflow_run_steps s
         where s.step_type = 'send_email' and s.status = 'completed' and s.finished_at >= ${at})::int as "emailStepsDone"
    from workflow_runs r join workflow_versions v on v.id = r.version_id
    where r.started_at >= ${at} or r.finished_at >= ${at}`);
  return rows[0];
}

// ---- settings ----

export async function readSettings(tx: Tx) {
  const { rows } = await tx.execute<{
    runRetentionDays: number;
    trackingEnabled: boolean;
    sendRatePerMinute: number;
  }>(
    sql`select run_retention_days as "runRetentionDays", tracking_enabled as "trackingEnabled",
          send_rate_per_minute as "sendRatePerMinute" from automation_settings`,
  );
  return rows[0] ?? { runRetentionDays: 90, trackingEnabled: true, sendRatePerMinute: 600 };
}

export async function writeSettings(
  tx: Tx,
  values: { runRetentionDays: number; trackingEnabled: boolean; sendRatePerMinute: number },
) {
  await tx.execute(
    sql`insert into automation_settings (run_retention_days, tracking_enabled, send_rate_per_minute)
        values (${values.runRetentionDays}, ${values.trackingEnabled}, ${values.sendRatePerMinute})
        on conflict (workspace_id) do update set run_retention_days = excluded.run_retention_days,
          tracking_enabled = excluded.tracking_enabled, send_rate_per_minute = excluded.send_rate_per_minute`,
  );
}

export async function pruneFinishedRuns(tx: Tx, before: Date): Promise<number> {
  const { rowCount } = await tx.execute(
    sql`delete from workflow_runs where finished_at < ${before.toISOString()}::timestamptz`,
  );
  return rowCount ?? 0;
}

// ---- sweeps outside any workspace (ids only) ----

type Ids = { workspace_id: number; id: number };
const ids = (rows: Ids[]) => rows.map((r) => ({ workspaceId: Number(r.workspace_id), runId: Number(r.id) }));

export async function dueRunsEverywhere(tx: Tx, at: Date) {
  return ids(
    (await tx.execute<Ids>(sql`select * from app_due_workflow_runs(${at.toISOString()}::timestamptz)`)).rows,
  );
}
export async function stuckRunsEverywhere(tx: Tx, at: Date) {
  return ids(
    (await tx.execute<Ids>(sql`select * from app_stuck_workflow_runs(${at.toISOString()}::timestamptz)`))
      .rows,
  );
}
export async function unfinishedRunsEverywhere(tx: Tx) {
  return ids((await tx.execute<Ids>(sql`select * from app_unfinished_workflow_runs()`)).rows);
}
export async function scheduledWorkflowsEverywhere(tx: Tx) {
  const { rows } = await tx.execute<Ids>(sql`select * from app_scheduled_workflows()`);
  return rows.map((r) => ({ workspaceId: Number(r.workspace_id), workflowId: Number(r.id) }));
}
export async function dateWorkflowsEverywhere(tx: Tx) {
  const { rows } = await tx.execute<Ids>(sql`select * from app_date_workflows()`);
  return rows.map((r) => ({ workspaceId: Number(r.workspace_id), workflowId: Number(r.id) }));
}
export async function workspacesWithFinishedRuns(tx: Tx) {
  const { rows } = await tx.execute<{ workspace_id: number }>(
    sql`select * from app_workspaces_with_finished_runs()`,
  );
  return rows.map((r) => Number(r.workspace_id));
}

export async function currentWorkspaceAndTxid(tx: Tx) {
  const { rows } = await tx.execute<{ workspaceId: number; txid: string }>(
    sql`select app_current_workspace() as "workspaceId", txid_current()::text as txid`,
  );
  return { workspaceId: Number(rows[0].workspaceId), txid: rows[0].txid };
}

/**
 * A restored workspace starts nothing by itself (see backups' restore): active workflows are paused
 * until the owner activates them, and runs under way or waiting are failed with `reason`, so no
 * restart's recovery or wake-up sweep carries on with them and none shows as stuck 'running'.
 */
export async function stopRunsAfterRestore(tx: Tx, reason: string, at: Date): Promise<void> {
  await tx.execute(sql`update workflows set status = 'paused' where status = 'active'`);
  await tx.execute(sql`
    update workflow_runs set status = 'failed', failure_reason = ${reason}, wake_at = null, deadline_at = null,
      finished_at = ${at}
    where status in ('running', 'waiting')`);
}

/** Every workflow with its current version's definition (site health scans the emails' links). */
export async function workflowDefinitions(tx: Tx) {
  const { rows } = await tx.execute<{
    id: number;
    name: string;
    status: WorkflowStatus;
    definition: WorkflowDefinition;
  }>(sql`select w.id, w.name, w.status, v.definition from ${withCurrentVersion} order by w.id`);
  return rows;
}
