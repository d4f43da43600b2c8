import { scoreWeights } from '@domain/ecosystem/opportunity-score';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';

export type MatrixRow = {
  id: number;
  sourceApp: string;
  sourceAppId: number;
  targetApp: string;
  targetAppId: number;
  services: string[];
  valueMinCents: number;
  valueMaxCents: number;
  reasoning: string;
  /** Contacts whose source is the source app. */
  audience: number;
  /** Of them, qualified or customers. */
  warm: number;
};

export async function listMatrix(tx: Tx, sourceAppId?: number): Promise<MatrixRow[]> {
  const { rows } = await tx.execute<MatrixRow>(sql`
    select t.id::int as id, s.name as "sourceApp", s.id::int as "sourceAppId", g.name as "targetApp",
      g.id::int as "targetAppId", t.services, t.value_min_cents::float8 as "valueMinCents",
      t.value_max_cents::float8 as "valueMaxCents", t.reasoning,
      (select count(*)::int from contacts c where c.source = s.name) as audience,
      (select count(*)::int from contacts c where c.source = s.name and c.status in ('qualified', 'customer')) as warm
    from cross_sales_targets t
    join ecosystem_apps s on s.id = t.source_app_id
    join ecosystem_apps g on g.id = t.target_app_id
    ${sourceAppId === undefined ? sql`` : sql`where t.source_app_id = ${sourceAppId}`}
    order by s.id, t.value_max_cents desc, t.id`);
  return rows;
}

export async function upsertMatrixRow(
  tx: Tx,
  v: {
    sourceAppId: number;
    targetAppId: number;
    services: string[];
    minCents: number;
    maxCents: number;
    reasoning: string;
  },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into cross_sales_targets (source_app_id, target_app_id, services, value_min_cents, value_max_cents, reasoning)
    values (${v.sourceAppId}, ${v.targetAppId}, ${sql.param(v.services)}::text[], ${v.minCents}, ${v.maxCents}, ${v.reasoning})
    on conflict (workspace_id, source_app_id, target_app_id) do update set services = excluded.services,
      value_min_cents = excluded.value_min_cents, value_max_cents = excluded.value_max_cents, reasoning = excluded.reasoning
    returning id::int as id`);
  return rows[0].id;
}

export async function deleteMatrixRow(tx: Tx, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`delete from cross_sales_targets where id = ${id} returning id`);
  return rows.length > 0;
}

/**
 * The score of `opportunityScore` (src/domain/ecosystem/opportunity-score.ts), as SQL over contacts `c`
 * and their timeline entry counts `e`. Whole days since the last contact <= d exactly when the contact
 * was made less than d + 1 days ago; that is a timestamp comparison (hours, so no DST shift), not
 * arithmetic on every row.
 */
function scoreSql(): SQL {
  const w = scoreWeights;
  const n = (value: number) => sql.raw(String(value));
  const recency = sql.join(
    w.recency.map(
      (r) =>
        sql`when c.last_contacted_at > now() - interval '${n((r.days + 1) * 24)} hours' then ${n(r.points)}`,
    ),
    sql` `,
  );
  return sql`(
    (case c.status when 'customer' then ${n(w.status.customer)} when 'qualified' then ${n(w.status.qualified)}
      when 'lead' then ${n(w.status.lead)} else ${n(w.status.lost)} end)
    + (least(greatest(c.value_cents, 0), ${n(w.valueFullCents)}) * ${n(w.valueMax)} / ${n(w.valueFullCents)})::int
    + (case ${recency} else 0 end)
    + least(coalesce(e.entries, 0), ${n(w.engagementMaxEntries)}) * ${n(w.engagementPerEntry)}
  )`;
}

/**
 * Opportunities: a contact known to app A (their source) and not to app B, where the matrix says A's
 * users fit B. Scored in SQL in one pass over the workspace's contacts and one over its timeline
 * (counted per contact by a hash aggregate, not looked up per contact); value estimates are placed
 * in the matrix range by the score.
 */
const scored = () => sql`
  with m as (
    select s.name as source_app, g.name as target_app, t.services, t.value_min_cents, t.value_max_cents, t.reasoning
    from cross_sales_targets t join ecosystem_apps s on s.id = t.source_app_id join ecosystem_apps g on g.id = t.target_app_id
  ), contact_scores as (
    select c.id, c.first_name, c.last_name, c.email, c.source, ${scoreSql()} as score
    from contacts c
    left join (select contact_id, count(*)::int as entries from contact_timeline group by contact_id) e
      on e.contact_id = c.id
    where c.source in (select source_app from m)
  ), scored as (
    select cs.*, m.* from contact_scores cs join m on m.source_app = cs.source
  )`;

/** The timeline's per-contact counts fit in memory for a million contacts instead of spilling to disk. */
async function withScoringMemory(tx: Tx): Promise<void> {
  await tx.execute(sql`set local work_mem = '64MB'`);
}

const estimateCents = sql`round(value_min_cents + (value_max_cents - value_min_cents) * score / 100.0)`;

export type OpportunityRow = {
  contactId: number;
  firstName: string;
  lastName: string;
  email: string | null;
  sourceApp: string;
  targetApp: string;
  services: string[];
  valueMinCents: number;
  valueMaxCents: number;
  reasoning: string;
  score: number;
};

export async function topOpportunities(tx: Tx, limit: number): Promise<OpportunityRow[]> {
  await withScoringMemory(tx);
  const { rows } = await tx.execute<OpportunityRow>(sql`${scored()}
    select id::int as "contactId", first_name as "firstName", last_name as "lastName", email, source_app as "sourceApp",
      target_app as "targetApp", services, value_min_cents::float8 as "valueMinCents",
      value_max_cents::float8 as "valueMaxCents", reasoning, score
    from scored order by score desc, value_max_cents desc, id limit ${limit}`);
  return rows;
}

export async function opportunityTotals(tx: Tx) {
  await withScoringMemory(tx);
  const { rows } = await tx.execute<{
    total: number;
    estimateCents: number;
    highValue: number;
    targets: { app: string; count: number; revenueCents: number }[] | null;
  }>(sql`${scored()}, by_target as (
      select target_app as app, count(*)::int as count, sum(${estimateCents})::float8 as "revenueCents"
      from scored group by target_app
    )
    select (select count(*)::int from scored) as total,
      (select coalesce(sum(${estimateCents}), 0)::float8 from scored) as "estimateCents",
      (select count(*)::int from scored where score >= 80) as "highValue",
      (select jsonb_agg(b order by b.count desc, b.app) from (select * from by_target order by count desc, app limit 5) b) as targets`);
  return rows[0];
}

export type PlanRow = {
  id: number;
  title: string;
  sourceApp: string;
  targetApp: string;
  priority: 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW';
  revenueCents: number;
  timeline: string;
  difficulty: 'Easy' | 'Medium' | 'Hard';
  status: 'Not Started' | 'In Progress' | 'Completed';
  description: string;
  targetAudience: string;
  steps: string[];
};

const planColumns = sql`id::int as id, title, source_app as "sourceApp", target_app as "targetApp", priority,
  revenue_cents::float8 as "revenueCents", timeline, difficulty, status, description, target_audience as "targetAudience", steps`;

export async function listPlan(tx: Tx): Promise<PlanRow[]> {
  const { rows } = await tx.execute<PlanRow>(
    sql`select ${planColumns} from cross_sales_plan_items order by id`,
  );
  return rows;
}

/** Moves an item one status on, only from the status the caller saw (no double advance). */
export async function advancePlanItem(tx: Tx, id: number, from: PlanRow['status'], to: PlanRow['status']) {
  const { rows } = await tx.execute<PlanRow>(sql`
    update cross_sales_plan_items set status = ${to},
      started_at = case when ${to} = 'In Progress' then now() else started_at end,
      completed_at = case when ${to} = 'Completed' then now() else completed_at end
    where id = ${id} and status = ${from} returning ${planColumns}`);
  return rows[0] ?? null;
}

export async function findPlanItem(tx: Tx, id: number): Promise<PlanRow | null> {
  const { rows } = await tx.execute<PlanRow>(
    sql`select ${planColumns} from cross_sales_plan_items where id = ${id}`,
  );
  return rows[0] ?? null;
}
