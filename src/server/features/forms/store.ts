import { desc, eq, sql } from 'drizzle-orm';
import { type Db, executeNamed, type Tx } from '../../db/database.js';
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

export async function findFormRow(tx: Tx, id: number): Promise<FormRow | undefined> {
  const [row] = await tx.select().from(forms).where(eq(forms.id, id));
  return row;
}

export async function insertFormRow(tx: Tx, values: FormInsert): Promise<FormRow> {
  const [row] = await tx.insert(forms).values(values).returning();
  return row;
}

export async function updateFormRow(tx: Tx, id: number, patch: FormPatch): Promise<FormRow | undefined> {
  const [row] = await tx.update(forms).set(patch).where(eq(forms.id, id)).returning();
  return row;
}

export async function deleteFormRow(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.delete(forms).where(eq(forms.id, id)).returning({ id: forms.id });
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
