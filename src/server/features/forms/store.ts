import type { LandingAbTestSettings, LandingVariant } from '@domain/forms/landing-ab-test';
import { desc, eq, sql } from 'drizzle-orm';
import { type Db, executeNamed, type Tx } from '../../db/database.js';
import { claimPublicTokens, releasePublicTokens } from '../../db/public-tokens.js';
import { formDailyStats, formSubmissions, forms } from '../../db/schema/forms.js';

export type FormRow = typeof forms.$inferSelect;
export type FormInsert = typeof forms.$inferInsert;
export type FormPatch = Partial<Omit<FormInsert, 'id' | 'workspaceId' | 'key' | 'createdAt' | 'updatedAt'>>;
export type SubmissionRow = typeof formSubmissions.$inferSelect;
export type SubmissionInsert = typeof formSubmissions.$inferInsert;

// ---- forms ----

export async function listFormRows(tx: Tx): Promise<FormRow[]> {
  return tx.select().from(forms).orderBy(desc(forms.updatedAt), desc(forms.id));
}

/**
 * A named statement: every submission reads its form first, and a workspace transaction's BEGIN rides
 * with a prepared first statement (one round trip fewer).
 */
export async function findFormRow(tx: Tx, id: number): Promise<FormRow | undefined> {
  const [row] = await executeNamed<FormRow>(
    tx,
    'forms-find',
    sql`select id, workspace_id as "workspaceId", key, name, locale, website_id as "websiteId", fields, consent,
      texts, redirect_url as "redirectUrl", created_at as "createdAt", updated_at as "updatedAt"
      from ${forms} where id = ${id}`,
  );
  return row;
}

export async function insertFormRow(tx: Tx, values: FormInsert): Promise<FormRow> {
  const [row] = await tx.insert(forms).values(values).returning();
  await claimPublicTokens(tx, 'form', [row.key]);
  return row;
}

export async function updateFormRow(tx: Tx, id: number, patch: FormPatch): Promise<FormRow | undefined> {
  const [row] = await tx.update(forms).set(patch).where(eq(forms.id, id)).returning();
  return row;
}

export async function deleteFormRow(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.delete(forms).where(eq(forms.id, id)).returning({ key: forms.key });
  await releasePublicTokens(
    tx,
    'form',
    rows.map((r) => r.key),
  );
  return rows.length > 0;
}

/** The workspace and form behind a public key (a SECURITY DEFINER look-up: ids only). */
export async function lookupFormKey(
  db: Db,
  key: string,
): Promise<{ workspaceId: number; formId: number } | null> {
  const { rows } = await db.execute<{ workspace_id: number; form_id: number }>(
    sql`select workspace_id, form_id from app_form_lookup(${key})`,
  );
  return rows[0] ? { workspaceId: rows[0].workspace_id, formId: rows[0].form_id } : null;
}

// ---- submissions ----

export async function insertSubmissionRow(tx: Tx, values: SubmissionInsert): Promise<SubmissionRow> {
  const [row] = await tx.insert(formSubmissions).values(values).returning();
  return row;
}

export async function listSubmissionRows(tx: Tx, formId: number, limit: number): Promise<SubmissionRow[]> {
  return tx
    .select()
    .from(formSubmissions)
    .where(eq(formSubmissions.formId, formId))
    .orderBy(desc(formSubmissions.submittedAt), desc(formSubmissions.id))
    .limit(limit);
}

// ---- counts ----

/** Counts to add to one form's day; a form deleted meanwhile is skipped (its counts went with it). */
export interface CountRow {
  formId: number;
  day: string;
  views: number;
  honeypot: number;
  tooFast: number;
  rateLimited: number;
  invalid: number;
}

export async function addCounts(tx: Tx, rows: CountRow[]): Promise<void> {
  const col = <K extends keyof CountRow>(key: K) => sql.param(rows.map((r) => r[key]));
  await executeNamed(
    tx,
    'forms-add-counts',
    sql`
    insert into ${formDailyStats}
      (form_id, day, views, refused_honeypot, refused_too_fast, refused_rate_limited, refused_invalid)
    select c.form_id, c.day, c.views, c.honeypot, c.too_fast, c.rate_limited, c.invalid
    from unnest(${col('formId')}::bigint[], ${col('day')}::date[], ${col('views')}::int[],
      ${col('honeypot')}::int[], ${col('tooFast')}::int[], ${col('rateLimited')}::int[], ${col('invalid')}::int[])
      as c(form_id, day, views, honeypot, too_fast, rate_limited, invalid)
    join ${forms} f on f.id = c.form_id
    on conflict (workspace_id, form_id, day) do update set
      views = ${formDailyStats}.views + excluded.views,
      refused_honeypot = ${formDailyStats}.refused_honeypot + excluded.refused_honeypot,
      refused_too_fast = ${formDailyStats}.refused_too_fast + excluded.refused_too_fast,
      refused_rate_limited = ${formDailyStats}.refused_rate_limited + excluded.refused_rate_limited,
      refused_invalid = ${formDailyStats}.refused_invalid + excluded.refused_invalid`,
  );
}

export type FigureRow = {
  form_id: number;
  views: number;
  submissions: number;
  honeypot: number;
  too_fast: number;
  rate_limited: number;
  invalid: number;
};

/** Each form's counts over [from, to) (UTC days; null = all time); forms without any count are left out. */
export async function figuresByForm(tx: Tx, from: string | null, to: string | null): Promise<FigureRow[]> {
  const { rows } = await tx.execute<FigureRow>(sql`
    with counted as (
      select form_id, sum(views)::int as views, 0 as submissions, sum(refused_honeypot)::int as honeypot,
        sum(refused_too_fast)::int as too_fast, sum(refused_rate_limited)::int as rate_limited,
        sum(refused_invalid)::int as invalid
      from ${formDailyStats}
      where (${from}::date is null or day >= ${from}::date) and (${to}::date is null or day < ${to}::date)
      group by form_id
      union all
      select form_id, 0, count(*)::int, 0, 0, 0, 0
      from ${formSubmissions}
      where (${from}::date is null or submitted_at >= (${from}::date::timestamp at time zone 'UTC'))
        and (${to}::date is null or submitted_at < (${to}::date::timestamp at time zone 'UTC'))
      group by form_id
    )
    select form_id, sum(views)::int as views, sum(submissions)::int as submissions,
      sum(honeypot)::int as honeypot, sum(too_fast)::int as too_fast,
      sum(rate_limited)::int as rate_limited, sum(invalid)::int as invalid
    from counted group by form_id`);
  return rows;
}

// ---- the hosted page's A/B test ----

export interface AbTestRow {
  id: number;
  formId: number;
  variants: LandingVariant[];
  targetConfidence: number;
  maxViewsPerVariant: number;
  startedAt: Date;
  bestP: number | null;
  winner: number | null;
  stopReason: 'confidence' | 'max_sample' | null;
}

interface AbTestDbRow {
  id: number;
  form_id: number;
  variants: LandingVariant[];
  target_confidence: number;
  max_views_per_variant: number;
  started_at: Date | string;
  best_p: number | null;
  winner: number | null;
  stop_reason: 'confidence' | 'max_sample' | null;
}

const toAbTest = (r: AbTestDbRow): AbTestRow => ({
  id: Number(r.id),
  formId: Number(r.form_id),
  variants: r.variants,
  targetConfidence: r.target_confidence,
  maxViewsPerVariant: r.max_views_per_variant,
  startedAt: new Date(r.started_at),
  bestP: r.best_p,
  winner: r.winner,
  stopReason: r.stop_reason,
});

export async function findAbTest(tx: Tx, formId: number): Promise<AbTestRow | null> {
  const rows = await executeNamed<AbTestDbRow>(
    tx,
    'forms-find-ab-test',
    sql`select id, form_id, variants, target_confidence, max_views_per_variant, started_at, best_p, winner,
      stop_reason from form_ab_tests where form_id = ${formId}`,
  );
  return rows[0] ? toAbTest(rows[0]) : null;
}

/** Replaces the form's test with a new one (its figures start afresh). */
export async function replaceAbTest(
  tx: Tx,
  formId: number,
  settings: LandingAbTestSettings,
  at: Date,
): Promise<void> {
  await tx.execute(sql`delete from form_ab_tests where form_id = ${formId}`);
  await tx.execute(sql`
    insert into form_ab_tests (form_id, variants, target_confidence, max_views_per_variant, started_at)
    values (${formId}, ${JSON.stringify(settings.variants)}::jsonb, ${settings.targetConfidence},
      ${settings.maxViewsPerVariant}, ${at})`);
}

export async function deleteAbTest(tx: Tx, formId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`delete from form_ab_tests where form_id = ${formId} returning id`);
  return rows.length > 0;
}

/** Records a look: the running minimum p, and the winner once the test stops (only the first stop counts). */
export async function recordAbLook(
  tx: Tx,
  testId: number,
  bestP: number,
  stop: { winner: number; reason: 'confidence' | 'max_sample'; at: Date } | null,
): Promise<void> {
  await tx.execute(sql`
    update form_ab_tests set best_p = least(coalesce(best_p, 1), ${bestP}),
      winner = ${stop?.winner ?? null}, stop_reason = ${stop?.reason ?? null}, stopped_at = ${stop?.at ?? null}
    where id = ${testId} and winner is null`);
}

export async function addAbViews(tx: Tx, rows: { testId: number; variant: number; views: number }[]) {
  await executeNamed(
    tx,
    'forms-add-ab-views',
    sql`
    insert into form_ab_views (test_id, variant, views)
    select v.test_id, v.variant, v.views
    from unnest(${sql.param(rows.map((r) => r.testId))}::bigint[], ${sql.param(rows.map((r) => r.variant))}::smallint[],
      ${sql.param(rows.map((r) => r.views))}::int[]) as v(test_id, variant, views)
    join form_ab_tests t on t.id = v.test_id
    on conflict (workspace_id, test_id, variant) do update set views = form_ab_views.views + excluded.views`,
  );
}

/** Each variant's views and submissions (index = variant). */
export async function abCounts(
  tx: Tx,
  testId: number,
  variants: number,
): Promise<{ views: number; submissions: number }[]> {
  const { rows } = await tx.execute<{ variant: number; views: number; submissions: number }>(sql`
    select variant, sum(views)::int as views, sum(submissions)::int as submissions from (
      select variant, views, 0 as submissions from form_ab_views where test_id = ${testId}
      union all
      select ab_variant, 0, count(*)::int from form_submissions where ab_test_id = ${testId} group by ab_variant
    ) c group by variant`);
  const counts = Array.from({ length: variants }, () => ({ views: 0, submissions: 0 }));
  for (const row of rows) if (counts[row.variant]) counts[row.variant] = row;
  return counts.map((c) => ({ views: c.views, submissions: c.submissions }));
}
