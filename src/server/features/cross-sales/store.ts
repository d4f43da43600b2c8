import { scoreWeights } from '@domain/cross-sales/opportunity-score';
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

/**
 * The app a matrix entry names, as the ecosystem's apps match names (any case). Read here, like the
 * matrix's joins, so cross-sales needs no code of the ecosystem area, whose page reads the matrix.
 */
export async function findAppIdByName(tx: Tx, name: string): Promise<number | null> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`select id::int as id from ecosystem_apps where lower(name) = lower(${name})`,
  );
  return rows[0]?.id ?? null;
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

const n = (value: number) => sql.raw(String(value));

/**
 * The score of `opportunityScore` (src/domain/cross-sales/opportunity-score.ts) but for engagement, as
 * SQL over contacts `c`: it needs no join, so the top contacts can be bounded before the engagement
 * counts are read. Whole days since the last contact <= d exactly when the contact was made less
 * than d + 1 days ago; that is a timestamp comparison (hours, so no DST shift), not arithmetic on
 * every row.
 */
function contactScoreSql(): SQL {
  const w = scoreWeights;
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
  )`;
}

/** The most engagement adds to a score. */
const engagementMax = scoreWeights.engagementMaxEntries * scoreWeights.engagementPerEntry;

/** The whole score, over contacts `c` and their timeline entry counts `e`. */
function scoreSql(): SQL {
  const w = scoreWeights;
  return sql`(${contactScoreSql()} + least(coalesce(e.entries, 0), ${n(w.engagementMaxEntries)}) * ${n(w.engagementPerEntry)})`;
}

/**
 * Opportunities: a contact known to app A (their source) and not to app B, where the matrix says A's
 * users fit B. Scored in SQL over the workspace's contacts, their timeline entries counted beforehand
 * by triggers (contact_engagement, 0602: counting the timeline per request was most of the time at a
 * million contacts); value estimates are placed in the matrix range by the score.
 *
 * The planner believes the matrix has one row (a CTE over three joins): filtering the contacts by it
 * made them look few, so it scanned them once per source app through the source index (every page
 * each time: sources are interleaved), looked engagement up once per contact, or hashed a million
 * contacts instead of the smaller engagement table (4.4 s, then 3.7 s, at a million contacts).
 * Contacts are scored apart from the matrix (`offset 0`, or an aggregate, keeps it out of that
 * join's planning).
 */
const matrix = sql`
  m as (
    select s.name as source_app, g.name as target_app, t.services, t.value_min_cents, t.value_max_cents, t.reasoning
    from cross_sales_targets t join ecosystem_apps s on s.id = t.source_app_id join ecosystem_apps g on g.id = t.target_app_id
  )`;

/** Contacts joined with their counts, both read in id order through their indexes (0603). */
const scoredContacts = sql`contacts c
  left join contact_engagement e on e.workspace_id = c.workspace_id and e.contact_id = c.id`;

/**
 * Both settings for this transaction, in one round trip. The aggregates and sorts of up to a million
 * rows stay in memory. The planner counts a sequential scan cheaper than the index-only one of
 * contacts_scoring_idx, but the scan tests the tenant policy on every row and the join then hashes the
 * engagement counts (1.2 s against 2.9 s for the metrics at a million contacts, 1.3 s against 2.2 s for
 * the top 10).
 */
async function withScoringPlan(tx: Tx): Promise<void> {
  await tx.execute(
    sql`select set_config('work_mem', '64MB', true), set_config('enable_seqscan', 'off', true)`,
  );
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

/** How many of the contacts of highest value are scored for the floor of the top opportunities. */
const floorSample = 1_000;

/**
 * Opportunities are ordered by score, then the target's top value, then contact. A contact's
 * opportunities share its score, so the best `limit` come from the best `limit` contacts ranked by
 * score, their source's top value and id; only those are paired with the matrix (not every contact
 * with each of its targets, then sorted).
 *
 * Scoring every contact is not needed either: the `limit`-th best score of any contacts of the matrix's
 * apps is a floor for the best ones, and engagement adds at most `engagementMax`, so a contact whose
 * score without it is below the floor less that cannot be among them. The contacts of highest value
 * give a high floor cheaply (their index); at a million contacts 8% pass, and only those are joined
 * with their counts and sorted (1.3 s -> 0.85 s). A poor floor costs time, never a result.
 */
export async function topOpportunities(tx: Tx, limit: number): Promise<OpportunityRow[]> {
  await withScoringPlan(tx);
  const { rows } = await tx.execute<OpportunityRow>(sql`with ${matrix}, top as (
      select source_app, max(value_max_cents) as value_max_cents from m group by source_app
    ), score_floor as (
      select coalesce((
        select ${scoreSql()} from (
          select * from contacts c where c.source in (select source_app from top)
          order by c.value_cents desc, c.id desc limit ${floorSample}
        ) c
        left join contact_engagement e on e.workspace_id = c.workspace_id and e.contact_id = c.id
        order by 1 desc offset ${Math.max(limit - 1, 0)} limit 1
      ), 0) as score
    ), contact_scores as (
      select c.id, c.source, ${scoreSql()} as score
      from ${scoredContacts}
      where ${contactScoreSql()} >= (select score from score_floor) - ${n(engagementMax)}
      offset 0
    ), best as (
      select cs.*, top.value_max_cents as best_max_cents
      from contact_scores cs join top on top.source_app = cs.source
      order by cs.score desc, top.value_max_cents desc, cs.id limit ${limit}
    )
    select b.id::int as "contactId", c.first_name as "firstName", c.last_name as "lastName", c.email,
      m.source_app as "sourceApp", m.target_app as "targetApp", m.services, m.value_min_cents::float8 as "valueMinCents",
      m.value_max_cents::float8 as "valueMaxCents", m.reasoning, b.score
    from best b join m on m.source_app = b.source join contacts c on c.id = b.id
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
  }>(sql`with ${matrix}, by_score as (
      select c.source, ${scoreSql()} as score, count(*) as n from ${scoredContacts} group by 1, 2
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
