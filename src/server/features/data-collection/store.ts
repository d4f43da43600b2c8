import { type MessageRef, messageRef, type StoredMessage } from '@domain/messages';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';

export type RunRow = {
  id: number;
  appId: number | null;
  appName: string | null;
  status: 'queued' | 'running' | 'completed' | 'failed';
  runner: string | null;
  totalEndpoints: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export type ResultRow = {
  id: number;
  position: number;
  endpointId: number | null;
  appName: string;
  endpointName: string;
  status: 'pending' | 'running' | 'completed' | 'failed';
  processedRows: number;
  fetched: number;
  created: number;
  updated: number;
  failed: number;
  reason: string | null;
  reasonMessage: MessageRef | null;
  failures: { row: number; reason: string }[];
};

const runColumns = sql`id::int as id, app_id::int as "appId", app_name as "appName", status, runner::text as runner,
  total_endpoints as "totalEndpoints", error, to_json(created_at) #>> '{}' as "createdAt",
  to_json(finished_at) #>> '{}' as "finishedAt"`;
const resultColumns = sql`id::int as id, position, endpoint_id::int as "endpointId", app_name as "appName",
  endpoint_name as "endpointName", status, processed_rows as "processedRows", fetched, created, updated, failed,
  reason, reason_message as "reasonMessage", failures`;

/** A run and one pending result per endpoint, in endpoint order. */
export async function insertRun(
  tx: Tx,
  run: { appId: number | null; appName: string | null; createdBy: number },
  endpoints: { id: number; appName: string; name: string }[],
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into ecosystem_collection_runs (app_id, app_name, total_endpoints, created_by)
    values (${run.appId}, ${run.appName}, ${endpoints.length}, ${run.createdBy}) returning id::int as id`);
  const runId = rows[0].id;
  await tx.execute(sql`
    insert into ecosystem_collection_results (run_id, endpoint_id, position, app_name, endpoint_name)
    select ${runId}, e.id, e.position, e."appName", e.name
    from jsonb_to_recordset(${JSON.stringify(endpoints.map((e, position) => ({ ...e, position })))}::jsonb)
      as e(id bigint, position integer, "appName" text, name text)`);
  return runId;
}

export async function findRun(tx: Tx, id: number): Promise<RunRow | null> {
  const { rows } = await tx.execute<RunRow>(
    sql`select ${runColumns} from ecosystem_collection_runs where id = ${id}`,
  );
  return rows[0] ?? null;
}

export async function latestRun(tx: Tx): Promise<RunRow | null> {
  const { rows } = await tx.execute<RunRow>(
    sql`select ${runColumns} from ecosystem_collection_runs order by created_at desc, id desc limit 1`,
  );
  return rows[0] ?? null;
}

export async function listResults(tx: Tx, runId: number): Promise<ResultRow[]> {
  const { rows } = await tx.execute<ResultRow>(
    sql`select ${resultColumns} from ecosystem_collection_results where run_id = ${runId} order by position`,
  );
  return rows;
}

/** Takes the run for this runner (a fencing token): a queued or interrupted run only. */
export async function claimRun(tx: Tx, id: number, runner: string): Promise<RunRow | null> {
  const { rows } = await tx.execute<RunRow>(sql`
    update ecosystem_collection_runs set status = 'running', runner = ${runner}::uuid
    where id = ${id} and status in ('queued', 'running') returning ${runColumns}`);
  return rows[0] ?? null;
}

/** Whether this runner still owns the run; holds the run's row until commit. */
export async function lockOwnedRun(tx: Tx, id: number, runner: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    select 1 from ecosystem_collection_runs where id = ${id} and runner = ${runner}::uuid and status = 'running'
    for update`);
  return rows.length > 0;
}

export async function endpointForResult(tx: Tx, endpointId: number) {
  const { rows } = await tx.execute<{
    url: string;
    format: 'json' | 'csv';
    appId: number;
    name: string;
    authHeaderSealed: string | null;
    fieldMapping: Record<string, string>;
  }>(sql`
    select url, format, app_id::int as "appId", name, auth_header_sealed as "authHeaderSealed", field_mapping as "fieldMapping"
    from ecosystem_endpoints where id = ${endpointId}`);
  return rows[0] ?? null;
}

export async function addResultProgress(
  tx: Tx,
  resultId: number,
  p: {
    processed: number;
    created: number;
    updated: number;
    failed: number;
    failures: { row: number; reason: string }[];
  },
  done: boolean,
): Promise<void> {
  await tx.execute(sql`
    update ecosystem_collection_results set
      status = ${done ? 'completed' : 'running'},
      processed_rows = processed_rows + ${p.processed},
      fetched = fetched + ${p.processed},
      created = created + ${p.created},
      updated = updated + ${p.updated},
      failed = failed + ${p.failed},
      failures = case when jsonb_array_length(failures) >= 20 then failures
        else (failures || ${JSON.stringify(p.failures.slice(0, 20))}::jsonb) end
    where id = ${resultId}`);
}

export async function failResult(tx: Tx, resultId: number, reason: StoredMessage): Promise<void> {
  await tx.execute(sql`
    update ecosystem_collection_results set status = 'failed', reason = ${reason.text},
      reason_message = ${JSON.stringify(messageRef(reason))}::jsonb
    where id = ${resultId}`);
}

export async function finishRun(tx: Tx, id: number, error: string | null): Promise<void> {
  await tx.execute(sql`
    update ecosystem_collection_runs set status = ${error ? 'failed' : 'completed'}, error = ${error},
      finished_at = now() where id = ${id}`);
}

/**
 * Collections still queued or running end failed with `reason`, and their endpoints not done with them
 * (a restored copy's: see backups' restore).
 */
export async function failUnfinishedRuns(tx: Tx, reason: StoredMessage, at: Date): Promise<void> {
  await tx.execute(sql`
    update ecosystem_collection_results set status = 'failed', reason = ${reason.text},
      reason_message = ${JSON.stringify(messageRef(reason))}::jsonb
    where status in ('pending', 'running')
      and run_id in (select id from ecosystem_collection_runs where status in ('queued', 'running'))`);
  await tx.execute(sql`
    update ecosystem_collection_runs set status = 'failed', error = ${reason.text}, runner = null,
      finished_at = ${at} where status in ('queued', 'running')`);
}

export async function listUnfinishedRuns(db: Db): Promise<{ workspaceId: number; id: number }[]> {
  const { rows } = await db.execute<{ workspace_id: string; id: string }>(
    sql`select workspace_id, id from app_unfinished_collection_runs()`,
  );
  return rows.map((r) => ({ workspaceId: Number(r.workspace_id), id: Number(r.id) }));
}
