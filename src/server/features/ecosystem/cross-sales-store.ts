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
 * users fit B. Scored in SQL in one pass over the workspace's contacts, their timeline entries counted
 * beforehand by triggers (contact_engagement, 0602: counting the timeline per request was most of
 * the time at a million contacts); value estimates are placed in the matrix range by the score.
 *
 * Every contact is scored, and those of apps outside the matrix are dropped by the join with it
 * afterwards. The planner believes the matrix has one row (a CTE over three joins): filtering the
 * contacts by it made them look few, so it scanned them once per source app through the source index
 * (every page each time: sources are interleaved), looked engagement up once per contact, or hashed a
 * million contacts instead of the smaller engagement table (4.4 s, then 3.7 s, at a million contacts).
 * `offset 0` keeps the matrix out of this join's planning.
 */
const contactScores = () => sql`
  m as (
    select s.name as source_app, g.name as target_app, t.services, t.value_min_cents, t.value_max_cents, t.reasoning
    from cross_sales_targets t join ecosystem_apps s on s.id = t.source_app_id join ecosystem_apps g on g.id = t.target_app_id
  ), contact_scores as (
    select c.id, c.first_name, c.last_name, c.email, c.source, ${scoreSql()} as score
    from contacts c
    left join contact_engagement e on e.workspace_id = c.workspace_id and e.contact_id = c.id
    offset 0
  )`;

/** The engagement counts of a million contacts are hashed in memory, not spilled to disk. */
async function withScoringPlan(tx: Tx): Promise<void> {
  await tx.execute(sql`set local work_mem = '64MB'`);
  // Per-contact look-ups are never the plan for scoring every contact (see contactScores).
  await tx.execute(sql`set local enable_nestloop = off`);
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

/**
 * Opportunities are ordered by score, then the target's top value, then contact. A contact's
 * opportunities share its score, so the best `limit` come from the best `limit` contacts ranked by
 * score, their source's top value and id; only those are paired with the matrix (not every contact
 * with each of its targets, then sorted).
 */
export async function topOpportunities(tx: Tx, limit: number): Promise<OpportunityRow[]> {
  await withScoringPlan(tx);
  const { rows } = await tx.execute<OpportunityRow>(sql`with ${contactScores()}, best as (
      select cs.*, top.value_max_cents as best_max_cents
      from contact_scores cs
      join (select source_app, max(value_max_cents) as value_max_cents from m group by source_app) top
        on top.source_app = cs.source
      order by cs.score desc, top.value_max_cents desc, cs.id limit ${limit}
    )
    select b.id::int as "contactId", b.first_name as "firstName", b.last_name as "lastName", b.email,
      m.source_app as "sourceApp", m.target_app as "targetApp", m.services, m.value_min_cents::float8 as "valueMinCents",
      m.value_max_cents::float8 as "valueMaxCents", m.reasoning, b.score
    from best b join m on m.source_app = b.source
    order by b.score desc, m.value_max_cents desc, b.id, m.target_app limit ${limit}`);
  return rows;
}

/**
 * The metrics need each opportunity's score and matrix entry only: contacts are grouped by source
 * and score first (at most 101 scores per source), and each group counts for every target of its
 * source, so the estimate (rounded per opportunity) is summed exactly without a row per opportunity.
 */
export async function opportunityTotals(tx: Tx) {
  await withScoringPlan(tx);
  const { rows } = await tx.execute<{
    total: number;
    estimateCents: number;
    highValue: number;
    targets: { app: string; count: number; revenueCents: number }[] | null;
  }>(sql`with ${contactScores()}, by_score as (
      select source, score, count(*) as n from contact_scores group by source, score
    ), scored as (
      select m.target_app, b.score, b.n, ${estimateCents} * b.n as estimate
      from by_score b join m on m.source_app = b.source
    ), by_target as (
      select target_app as app, sum(n)::int as count, sum(estimate)::float8 as "revenueCents"
      from scored group by target_app
    )
    select (select coalesce(sum(n), 0)::int from scored) as total,
      (select coalesce(sum(estimate), 0)::float8 from scored) as "estimateCents",
      (select coalesce(sum(n) filter (where score >= 80), 0)::int from scored) as "highValue",
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
