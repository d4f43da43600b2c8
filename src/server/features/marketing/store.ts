import type {
  AbTestSettings,
  Audience,
  CampaignStatus,
  CampaignType,
  FailingLink,
} from '@domain/marketing/campaign-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { insertClaiming } from '../../db/public-tokens.js';
import { segmentMembershipSql } from '../segments/index.js';

export type CampaignRow = {
  id: number;
  name: string;
  type: CampaignType;
  status: CampaignStatus;
  subject: string;
  preheader: string;
  body: string;
  fromName: string;
  audience: Audience;
  scheduledAt: Date | null;
  toSend: number | null;
  sent: number;
  offline: number;
  failed: number;
  opens: number;
  clicks: number;
  conversions: number;
  abTest: AbTestSettings | null;
  abDecidesAt: Date | null;
  abDecidedAt: Date | null;
  abWinner: number | null;
  abConfidence: number | null;
  linkFailures: FailingLink[] | null;
  linksCheckedAt: Date | null;
  linkOverrideAt: Date | null;
  abStopReason: 'confidence' | 'max_sample' | null;
  abLookedAt: Date | null;
};

const campaignColumns = sql`c.id, c.name, c.type, c.status, c.subject, c.preheader, c.body, c.from_name as "fromName",
  c.audience, c.scheduled_at as "scheduledAt", c.to_send as "toSend",
  coalesce(m.sent, 0)::int as sent, coalesce(m.offline, 0)::int as offline, coalesce(m.failed, 0)::int as failed,
  coalesce(m.opens, 0)::int as opens, coalesce(m.clicks, 0)::int as clicks, coalesce(m.conversions, 0)::int as conversions,
  -- Settings saved before outcome metrics existed read with their defaults.
  case when c.ab_test is not null then
    '{"goal": null, "formId": null, "attributionDays": 7, "targetConfidence": 0.95}'::jsonb || c.ab_test end as "abTest",
  c.ab_decides_at as "abDecidesAt", c.ab_decided_at as "abDecidedAt", c.ab_winner as "abWinner",
  c.ab_confidence as "abConfidence", c.ab_stop_reason as "abStopReason",
  c.ab_looked_at as "abLookedAt", c.link_failures as "linkFailures", c.links_checked_at as "linksCheckedAt",
  c.link_override_at as "linkOverrideAt"`;
const messageCounts = sql`left join lateral (
  select count(*) filter (where status = 'sent') as sent, count(*) filter (where status = 'offline') as offline,
    count(*) filter (where status = 'failed') as failed, count(opened_at) as opens, count(clicked_at) as clicks,
    count(converted_at) as conversions
  from marketing_messages where campaign_id = c.id) m on true`;

export async function listCampaignRows(tx: Tx): Promise<CampaignRow[]> {
  const { rows } = await tx.execute<CampaignRow>(
    sql`select ${campaignColumns} from campaigns c ${messageCounts} order by c.id desc limit 200`,
  );
  return rows;
}

export async function findCampaignRow(tx: Tx, id: number, lock = false): Promise<CampaignRow | undefined> {
  const { rows } = await tx.execute<CampaignRow>(
    sql`select ${campaignColumns} from campaigns c ${messageCounts} where c.id = ${id} ${lock ? sql`for update of c` : sql``}`,
  );
  return rows[0];
}

export async function campaignStatus(tx: Tx, id: number): Promise<CampaignStatus | undefined> {
  const { rows } = await tx.execute<{ status: CampaignStatus }>(
    sql`select status from campaigns where id = ${id}`,
  );
  return rows[0]?.status;
}

export interface CampaignValues {
  name: string;
  type: CampaignType;
  subject: string;
  preheader: string;
  body: string;
  fromName: string;
  audience: Audience;
  scheduledAt: string | null;
}

export async function insertCampaignRow(tx: Tx, v: CampaignValues): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`insert into campaigns (name, type, subject, preheader, body, from_name, audience, scheduled_at)
        values (${v.name}, ${v.type}, ${v.subject}, ${v.preheader}, ${v.body}, ${v.fromName},
                ${JSON.stringify(v.audience)}::jsonb, ${v.scheduledAt}::timestamptz) returning id`,
  );
  return rows[0].id;
}

export async function updateCampaignRow(
  tx: Tx,
  id: number,
  patch: Partial<CampaignValues & { status: CampaignStatus; toSend: number }>,
): Promise<void> {
  const columns: Record<string, SQL | undefined> = {
    name: patch.name === undefined ? undefined : sql`${patch.name}`,
    type: patch.type === undefined ? undefined : sql`${patch.type}`,
    subject: patch.subject === undefined ? undefined : sql`${patch.subject}`,
    preheader: patch.preheader === undefined ? undefined : sql`${patch.preheader}`,
    body: patch.body === undefined ? undefined : sql`${patch.body}`,
    from_name: patch.fromName === undefined ? undefined : sql`${patch.fromName}`,
    audience: patch.audience === undefined ? undefined : sql`${JSON.stringify(patch.audience)}::jsonb`,
    scheduled_at: patch.scheduledAt === undefined ? undefined : sql`${patch.scheduledAt}::timestamptz`,
    status: patch.status === undefined ? undefined : sql`${patch.status}`,
    to_send: patch.toSend === undefined ? undefined : sql`${patch.toSend}`,
  };
  const sets = Object.entries(columns)
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => sql`${sql.raw(column)} = ${value}`);
  if (patch.status === 'sending') sets.push(sql`started_at = coalesce(started_at, now())`);
  if (patch.status === 'sent' || patch.status === 'cancelled') sets.push(sql`finished_at = now()`);
  if (sets.length === 0) return;
  await tx.execute(sql`update campaigns set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/** The outcome of a pre-send link check: the failing links (empty: all answer), and when. */
export async function recordLinkCheck(tx: Tx, id: number, failures: FailingLink[]): Promise<void> {
  await tx.execute(sql`update campaigns set link_failures = ${JSON.stringify(failures)}::jsonb,
    links_checked_at = now() where id = ${id}`);
}

export async function recordLinkOverride(tx: Tx, id: number, userId: number): Promise<void> {
  await tx.execute(
    sql`update campaigns set link_override_by = ${userId}, link_override_at = now() where id = ${id}`,
  );
}

export async function heldCampaignIds(tx: Tx): Promise<number[]> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`select id from campaigns where status = 'held' order by id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Campaigns with their bodies and A/B variants (site health looks for the ones linking to a URL). */
export async function campaignBodies(tx: Tx) {
  const { rows } = await tx.execute<{
    id: number;
    name: string;
    status: CampaignStatus;
    body: string;
    abTest: AbTestSettings | null;
  }>(sql`select id, name, status, body, ab_test as "abTest" from campaigns order by id`);
  return rows;
}

/** A message's email token for opens and clicks, made in SQL for the bulk inserts (gen_random_uuid, a strong source). */
const messageToken = sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;

export async function deleteCampaignRow(tx: Tx, id: number): Promise<boolean> {
  // Its messages go with it (cascade), and their email tokens from the directory.
  const { rows } = await tx.execute(
    sql`with gone as (delete from campaigns where id = ${id} returning id)
        select app_public_tokens_release('marketing_message',
          array(select m.token from marketing_messages m where m.campaign_id = gone.id)) from gone`,
  );
  return rows.length > 0;
}

/** The audience as SQL over contacts `c`: an email, every filter, and not suppressed (consent). */
function audienceWhere(audience: Audience, websiteName: string | null): SQL {
  const conditions: SQL[] = [
    sql`c.email is not null`,
    sql`not exists (select 1 from marketing_suppressions s where s.email = c.email)`,
  ];
  if (audience.status) conditions.push(sql`c.status = ${audience.status}`);
  if (audience.source) conditions.push(sql`lower(c.source) = lower(${audience.source})`);
  if (websiteName !== null) conditions.push(sql`c.source = ${websiteName}`);
  if (audience.tag)
    conditions.push(sql`exists (select 1 from unnest(c.tags) t where lower(t) = lower(${audience.tag}))`);
  if (audience.segmentId !== undefined) conditions.push(segmentMembershipSql(audience.segmentId));
  return sql.join(conditions, sql` and `);
}

export async function countAudience(tx: Tx, audience: Audience, websiteName: string | null): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from contacts c where ${audienceWhere(audience, websiteName)}`,
  );
  return rows[0].n;
}

export async function firstAudienceContact(tx: Tx, audience: Audience, websiteName: string | null) {
  const { rows } = await tx.execute<{
    firstName: string;
    lastName: string;
    email: string;
    company: string | null;
  }>(
    sql`select first_name as "firstName", last_name as "lastName", email, company from contacts c
        where ${audienceWhere(audience, websiteName)} order by c.id limit 1`,
  );
  return rows[0];
}

/** The template with the merge fields of contact `c` filled, in SQL (as renderMergeFields does in code). */
const fillMergeFields = (template: SQL) => sql`replace(replace(replace(replace(${template},
    '{{firstName}}', c.first_name), '{{lastName}}', c.last_name), '{{email}}', c.email::text),
    '{{company}}', coalesce(c.company, ''))`;

/**
 * Queues one message per audience contact in one statement, merge fields filled in SQL; a contact
 * already queued for this campaign (its key) is skipped. Returns how many the campaign has in all.
 */
export async function queueCampaignMessages(
  tx: Tx,
  campaign: Pick<CampaignRow, 'id' | 'subject' | 'body' | 'fromName' | 'audience'>,
  websiteName: string | null,
): Promise<number> {
  const fill = (template: string) => fillMergeFields(sql`${template}::text`);
  await tx.execute(
    insertClaiming(
      'marketing_message',
      sql`insert into marketing_messages (idempotency_key, campaign_id, contact_id, to_email, subject, body, from_name, token)
          select 'campaign:' || ${campaign.id} || ':' || c.id, ${campaign.id}, c.id, c.email, ${fill(campaign.subject)},
                 ${fill(campaign.body)}, ${campaign.fromName}, ${messageToken}
          from contacts c where ${audienceWhere(campaign.audience, websiteName)}
          on conflict (workspace_id, idempotency_key) do nothing returning token`,
    ),
  );
  const { rows } = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from marketing_messages where campaign_id = ${campaign.id}`,
  );
  return rows[0].n;
}

/**
 * An A/B test's recipients, fixed in one statement: the audience in a random order (gen_random_uuid,
 * a strong source), its first `testSize` spread over the variants in turn (each with its text), the
 * rest 'held' for the winner. Returns how many the campaign has in all.
 */
export async function queueAbTestMessages(
  tx: Tx,
  campaign: Pick<CampaignRow, 'id' | 'fromName' | 'audience'> & { abTest: AbTestSettings },
  websiteName: string | null,
  testSize: number,
): Promise<number> {
  const variants = JSON.stringify(campaign.abTest.variants);
  const n = campaign.abTest.variants.length;
  const variantText = (field: 'subject' | 'body') =>
    sql`case when a.rn <= ${testSize} then ${fillMergeFields(
      sql`(${variants}::jsonb -> ((a.rn - 1) % ${n})::int ->> ${field}::text)`,
    )} else '' end`;
  await tx.execute(
    insertClaiming(
      'marketing_message',
      sql`insert into marketing_messages (idempotency_key, campaign_id, contact_id, to_email, subject, body, from_name,
            token, variant, status)
          select 'campaign:' || ${campaign.id} || ':' || c.id, ${campaign.id}, c.id, c.email, ${variantText('subject')},
                 ${variantText('body')}, ${campaign.fromName}, ${messageToken},
                 case when a.rn <= ${testSize} then ((a.rn - 1) % ${n})::int end,
                 case when a.rn <= ${testSize} then 'queued' else 'held' end
          from (select c.id, row_number() over (order by gen_random_uuid()) as rn
                from contacts c where ${audienceWhere(campaign.audience, websiteName)}) a
          join contacts c on c.id = a.id
          on conflict (workspace_id, idempotency_key) do nothing returning token`,
    ),
  );
  const { rows } = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from marketing_messages where campaign_id = ${campaign.id}`,
  );
  return rows[0].n;
}

/** Each variant's test messages that went out, and of those opened and clicked (index order). */
export async function abVariantCounts(tx: Tx, campaignId: number, variants: number) {
  const { rows } = await tx.execute<{ variant: number; sent: number; opens: number; clicks: number }>(
    sql`select variant, count(*) filter (where status in ('sent', 'offline'))::int as sent,
          count(opened_at) filter (where status in ('sent', 'offline'))::int as opens,
          count(clicked_at) filter (where status in ('sent', 'offline'))::int as clicks
        from marketing_messages where campaign_id = ${campaignId} and variant is not null group by variant`,
  );
  return Array.from({ length: variants }, (_, i) => {
    const row = rows.find((r) => r.variant === i);
    return { sent: row?.sent ?? 0, opens: row?.opens ?? 0, clicks: row?.clicks ?? 0 };
  });
}

/**
 * Whether recipient m had the test's outcome within its window after its message (m.sent_at):
 * opened or clicked, or, through the contact, an analytics goal reached (its identified views and
 * events), a form submitted, a deal created for them, a payment from their address.
 */
function outcomeOf(settings: AbTestSettings, window: SQL) {
  const within = (column: SQL) => sql`${column} > m.sent_at and ${column} <= m.sent_at + ${window}`;
  switch (settings.metric) {
    case 'open':
      return sql`m.opened_at is not null and m.opened_at <= m.sent_at + ${window}`;
    case 'click':
      return sql`m.clicked_at is not null and m.clicked_at <= m.sent_at + ${window}`;
    case 'goal': {
      const goal = settings.goal ?? '';
      const matches = goal.startsWith('/')
        ? sql`e.name = 'pageview' and e.path = ${goal}`
        : sql`e.name = ${goal}`;
      return sql`exists (select 1 from analytics_events e where e.contact_id = m.contact_id
        and ${within(sql`e.occurred_at`)} and ${matches})`;
    }
    case 'form':
      return sql`exists (select 1 from form_submissions f where f.contact_id = m.contact_id
        and ${within(sql`f.submitted_at`)} ${settings.formId === null ? sql`` : sql`and f.form_id = ${settings.formId}`})`;
    case 'deal':
      return sql`exists (select 1 from deals d where d.contact_id = m.contact_id and ${within(sql`d.created_at`)})`;
    case 'payment':
      return sql`exists (select 1 from payments p where p.customer_email = m.to_email and ${within(sql`p.paid_at`)})`;
  }
}

/** How long after its message a recipient's outcome counts: the wait for opens and clicks, else the attribution window. */
export const attributionWindowMs = (settings: AbTestSettings) =>
  settings.metric === 'open' || settings.metric === 'click'
    ? settings.waitHours * 3_600_000
    : settings.attributionDays * 86_400_000;

/**
 * Each variant's test recipients: sent; counted (their window closed by `at`, so their outcome is known
 * for good); of those with the outcome; and all of the variant's test rows (the fixed maximum sample).
 */
export async function abOutcomeCounts(tx: Tx, campaignId: number, settings: AbTestSettings, at: Date) {
  const window = sql`make_interval(secs => ${attributionWindowMs(settings) / 1000})`;
  const counted = sql`m.status in ('sent', 'offline') and m.sent_at + ${window} <= ${at.toISOString()}::timestamptz`;
  const { rows } = await tx.execute<{
    variant: number;
    assigned: number;
    failed: number;
    recipients: number;
    outcomes: number;
  }>(
    sql`select m.variant, count(*)::int as assigned, count(*) filter (where m.status = 'failed')::int as failed,
          count(*) filter (where ${counted})::int as recipients,
          count(*) filter (where ${counted} and ${outcomeOf(settings, window)})::int as outcomes
        from marketing_messages m where m.campaign_id = ${campaignId} and m.variant is not null group by m.variant`,
  );
  return Array.from({ length: settings.variants.length }, (_, i) => {
    const row = rows.find((r) => r.variant === i);
    return {
      assigned: row?.assigned ?? 0,
      failed: row?.failed ?? 0,
      recipients: row?.recipients ?? 0,
      outcomes: row?.outcomes ?? 0,
    };
  });
}

/** Messages of the rest (held for the winner, or released and not yet out). */
export async function countRestUnsent(tx: Tx, campaignId: number): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from marketing_messages
        where campaign_id = ${campaignId} and variant is null and status in ('held', 'queued', 'sending')`,
  );
  return rows[0].n;
}

export async function countHeldMessages(tx: Tx, campaignId: number): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from marketing_messages where campaign_id = ${campaignId} and status = 'held'`,
  );
  return rows[0].n;
}

/**
 * The winner's text goes to the held rest, merge fields filled from each contact now; a held message
 * whose contact was deleted meanwhile fails instead. The rows stay the same (their keys): nobody gets two.
 */
export async function releaseHeldMessages(
  tx: Tx,
  campaignId: number,
  winner: { subject: string; body: string },
): Promise<void> {
  await tx.execute(
    sql`update marketing_messages m set status = 'queued',
          subject = ${fillMergeFields(sql`${winner.subject}::text`)}, body = ${fillMergeFields(sql`${winner.body}::text`)}
        from contacts c where m.campaign_id = ${campaignId} and m.status = 'held' and c.id = m.contact_id`,
  );
  await tx.execute(
    sql`update marketing_messages set status = 'failed', error = 'contact deleted'
        where campaign_id = ${campaignId} and status = 'held'`,
  );
}

export async function setAbTest(tx: Tx, id: number, abTest: AbTestSettings | null): Promise<void> {
  await tx.execute(
    sql`update campaigns set ab_test = ${abTest === null ? null : JSON.stringify(abTest)}::jsonb where id = ${id}`,
  );
}

export async function setAbDecidesAt(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.execute(
    sql`update campaigns set ab_decides_at = ${at.toISOString()}::timestamptz where id = ${id}`,
  );
}

export async function recordAbDecision(
  tx: Tx,
  id: number,
  decision: { winner: number; confidence: number | null; stopReason: 'confidence' | 'max_sample'; at: Date },
): Promise<void> {
  await tx.execute(
    sql`update campaigns set ab_winner = ${decision.winner}, ab_confidence = ${decision.confidence},
          ab_stop_reason = ${decision.stopReason}, ab_decided_at = ${decision.at.toISOString()}::timestamptz,
          ab_looked_at = ${decision.at.toISOString()}::timestamptz
        where id = ${id}`,
  );
}

/** A look that decided nothing: its confidence, and when the next look is due. */
export async function recordAbLook(
  tx: Tx,
  id: number,
  look: { confidence: number; at: Date; nextAt: Date },
): Promise<void> {
  await tx.execute(
    sql`update campaigns set ab_confidence = ${look.confidence}, ab_looked_at = ${look.at.toISOString()}::timestamptz,
          ab_decides_at = ${look.nextAt.toISOString()}::timestamptz
        where id = ${id}`,
  );
}

/** Whether the form is one of this workspace's (RLS scopes the read). */
export async function formExists(tx: Tx, formId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`select 1 from forms where id = ${formId}`);
  return rows.length > 0;
}

/**
 * The campaign's next messages (up to `limit`) for this process to send, in id order: queued, or left
 * 'sending' by a process that is gone. 'inFlight' when only this process's own claims are left.
 */
export async function nextQueuedMessages(
  tx: Tx,
  campaignId: number,
  processId: string,
  limit: number,
): Promise<number[] | 'inFlight' | null> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`select id from marketing_messages
        where campaign_id = ${campaignId}
          and (status = 'queued' or (status = 'sending' and claimed_by is distinct from ${processId}))
        order by id limit ${limit}`,
  );
  if (rows.length > 0) return rows.map((r) => Number(r.id));
  const { rows: mine } = await tx.execute(
    sql`select 1 from marketing_messages where campaign_id = ${campaignId} and status = 'sending' limit 1`,
  );
  return mine.length > 0 ? 'inFlight' : null;
}

export async function requeueFailedMessages(tx: Tx, campaignId: number): Promise<void> {
  await tx.execute(
    sql`update marketing_messages set status = 'queued', error = null
        where campaign_id = ${campaignId} and status = 'failed' and error is distinct from 'unsubscribed'`,
  );
}

/** Messages the workspace handed to the transport in the last minute (the send rate limit). */
export async function sentInLastMinute(tx: Tx, at: Date): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from marketing_messages
        where sent_at > ${at.toISOString()}::timestamptz - interval '1 minute'`,
  );
  return rows[0].n;
}

export async function dailyFigures(tx: Tx, campaignId: number) {
  const { rows } = await tx.execute<{ day: string; sent: number; opens: number; clicks: number }>(
    sql`with days as (
          select date_trunc('day', sent_at) as day, 'sent' as kind from marketing_messages where campaign_id = ${campaignId} and sent_at is not null
          union all select date_trunc('day', opened_at), 'open' from marketing_messages where campaign_id = ${campaignId} and opened_at is not null
          union all select date_trunc('day', clicked_at), 'click' from marketing_messages where campaign_id = ${campaignId} and clicked_at is not null)
        select to_char(day, 'YYYY-MM-DD') as day, count(*) filter (where kind = 'sent')::int as sent,
          count(*) filter (where kind = 'open')::int as opens, count(*) filter (where kind = 'click')::int as clicks
        from days group by day order by day`,
  );
  return rows;
}

export async function listOutbox(tx: Tx, campaignId: number, limit: number) {
  const { rows } = await tx.execute<{
    id: number;
    toEmail: string;
    subject: string;
    status: 'queued' | 'held' | 'sending' | 'sent' | 'offline' | 'failed';
    error: string | null;
    sentAt: Date | null;
  }>(
    sql`select id, to_email as "toEmail", subject, status, error, sent_at as "sentAt" from marketing_messages
        where campaign_id = ${campaignId} order by id limit ${limit}`,
  );
  return rows;
}

// ---- public links (by message token) ----

export async function messageWorkspace(tx: Tx, token: string): Promise<number | null> {
  const { rows } = await tx.execute<{ id: string | null }>(
    sql`select app_marketing_message_workspace(${token}) as id`,
  );
  return rows[0]?.id == null ? null : Number(rows[0].id);
}

export async function findMessageByToken(tx: Tx, token: string) {
  const { rows } = await tx.execute<{
    id: number;
    toEmail: string;
    contactId: number | null;
    tracking: boolean;
  }>(
    sql`select id, to_email as "toEmail", contact_id as "contactId",
          coalesce((select tracking_enabled from automation_settings), true) as tracking
        from marketing_messages where token = ${token}`,
  );
  return rows[0];
}

/**
 * The demo's sent messages, one per contact with an email (the first `share` of them), with opens,
 * clicks and conversions spread evenly by the given tenths; an A/B test's first testPercent alternate
 * between its variants, each with its own open tenths. Returns how many.
 */
export async function insertDemoMessages(
  tx: Tx,
  v: {
    campaignId: number;
    sentAt: Date;
    share: number;
    rates: { opens: number; clicks: number; conversions: number };
    abTest?: { testPercent: number; opens: [number, number]; variants: { subject: string; body: string }[] };
  },
): Promise<number> {
  const at = sql`${v.sentAt.toISOString()}::timestamptz + make_interval(mins => a.rn::int)`;
  const testSize = v.abTest ? sql`ceil(a.total * ${v.abTest.testPercent}::int / 100.0)` : sql`0`;
  const variant = sql`case when a.rn <= ${testSize} then ((a.rn - 1) % 2)::int end`;
  const openTenths = v.abTest
    ? sql`case ${variant} when 0 then ${v.abTest.opens[0]}::int when 1 then ${v.abTest.opens[1]}::int else ${v.rates.opens}::int end`
    : sql`${v.rates.opens}::int`;
  // An even spread: (rn × 7) mod 10 runs through 0–9 once every ten recipients.
  const spread = sql`((a.rn * 7) % 10)`;
  const text = (field: 'subject' | 'body') =>
    v.abTest
      ? fillMergeFields(
          sql`(${JSON.stringify(v.abTest.variants)}::jsonb -> coalesce(${variant}, 1) ->> ${field}::text)`,
        )
      : fillMergeFields(sql`(select ${sql.raw(field)} from campaigns where id = ${v.campaignId})`);
  const { rows } = await tx.execute<{ claimed: number }>(
    insertClaiming(
      'marketing_message',
      sql`insert into marketing_messages (idempotency_key, campaign_id, contact_id, to_email, subject, body, from_name,
          token, status, sent_at, opened_at, clicked_at, converted_at, variant)
        select 'campaign:' || ${v.campaignId} || ':' || c.id, ${v.campaignId}, c.id, c.email, ${text('subject')}, ${text('body')},
          'Demo Business', ${messageToken}, 'sent', ${at},
          case when ${spread} < ${openTenths} then ${at} + interval '3 hours' end,
          case when ${spread} < ${v.rates.clicks}::int then ${at} + interval '4 hours' end,
          case when ${spread} < ${v.rates.conversions}::int then ${at} + interval '2 days' end,
          ${variant}
        from (select id, row_number() over (order by id) as rn, count(*) over () as total
              from contacts where email is not null) a
        join contacts c on c.id = a.id
        where a.rn <= ceil(a.total * ${v.share}::float8) returning token`,
    ),
  );
  return rows[0].claimed;
}

/** Whether the workspace ever queued marketing mail to the address, and to which contacts. */
export async function contactsMailedAt(
  tx: Tx,
  email: string,
): Promise<{ mailed: boolean; contactIds: number[] }> {
  const { rows } = await tx.execute<{ contactId: number | null }>(
    sql`select distinct contact_id as "contactId" from marketing_messages where to_email = ${email}`,
  );
  return {
    mailed: rows.length > 0,
    contactIds: rows.flatMap((r) => (r.contactId === null ? [] : [Number(r.contactId)])),
  };
}

/** Marks the first open; returns the campaign message's contact when this was it. */
export async function markOpened(tx: Tx, id: number): Promise<number | null> {
  const { rows } = await tx.execute<{ contactId: number | null }>(
    sql`update marketing_messages set opened_at = now() where id = ${id} and opened_at is null
        returning (case when campaign_id is not null then contact_id end)::float8 as "contactId"`,
  );
  return rows[0]?.contactId ?? null;
}

/** Marks the first click (and an open); returns the campaign message's contact when this was it. */
export async function markClicked(tx: Tx, id: number): Promise<number | null> {
  const { rows } = await tx.execute<{ contactId: number | null }>(
    sql`update marketing_messages m set clicked_at = coalesce(m.clicked_at, now()), opened_at = coalesce(m.opened_at, now())
        from (select id, clicked_at is null as first from marketing_messages where id = ${id}) prev
        where m.id = prev.id
        returning (case when prev.first and m.campaign_id is not null then m.contact_id end)::float8 as "contactId"`,
  );
  return rows[0]?.contactId ?? null;
}

/** The contact became a customer: its messages clicked within the window before now convert. */
export async function markConversions(tx: Tx, contactId: number, windowDays: number) {
  await tx.execute(
    sql`update marketing_messages set converted_at = now()
        where contact_id = ${contactId} and converted_at is null and clicked_at is not null
          and clicked_at > now() - make_interval(days => ${windowDays})`,
  );
}

// ---- sweeps outside any workspace ----

type Ids = { workspace_id: number; id: number };
const ids = (rows: Ids[]) =>
  rows.map((r) => ({ workspaceId: Number(r.workspace_id), campaignId: Number(r.id) }));
export async function sendingCampaignsEverywhere(tx: Tx) {
  return ids((await tx.execute<Ids>(sql`select * from app_sending_campaigns()`)).rows);
}
export async function dueAbTestsEverywhere(tx: Tx, at: Date) {
  return ids(
    (await tx.execute<Ids>(sql`select * from app_due_ab_tests(${at.toISOString()}::timestamptz)`)).rows,
  );
}
export async function dueCampaignsEverywhere(tx: Tx, at: Date) {
  return ids(
    (await tx.execute<Ids>(sql`select * from app_due_campaigns(${at.toISOString()}::timestamptz)`)).rows,
  );
}

/**
 * The workspace's sending rate. It is edited with the automation settings (one settings row), but it
 * governs this area's outbox; read here so marketing never depends on automation, which sends through it.
 */
export async function sendRatePerMinute(tx: Tx): Promise<number> {
  const { rows } = await tx.execute<{ rate: number }>(
    sql`select send_rate_per_minute as rate from automation_settings`,
  );
  return rows[0]?.rate ?? 600;
}

/**
 * A restored workspace holds data, never pending sends (see backups' restore): campaigns that were
 * sending are paused (their queued messages wait for the owner's Resume), scheduled ones go back to
 * draft (the owner schedules them again), a message a
 * sender had claimed goes back to the queue of its paused campaign, and workflow messages that were
 * still unsent are failed with `reason`, since nothing resumes them but a restart's recovery.
 */
export async function holdSendingAfterRestore(tx: Tx, reason: string): Promise<void> {
  // As Pause does: a sending campaign keeps its place, a scheduled one goes back to draft; so does one
  // held for failing links, which a check in the copy would otherwise send beside the original.
  await tx.execute(sql`
    update campaigns set status = case status when 'sending' then 'paused' else 'draft' end
    where status in ('sending', 'scheduled', 'held')`);
  await tx.execute(sql`
    update marketing_messages set status = 'queued', claimed_by = null
    where status = 'sending' and campaign_id is not null`);
  await tx.execute(sql`
    update marketing_messages set status = 'failed', error = ${reason}, claimed_by = null
    where status in ('queued', 'sending', 'held') and campaign_id is null`);
}

/** A workflow message (no campaign) about to be delivered whose links were not checked yet. */
export async function uncheckedWorkflowMessage(tx: Tx, id: number) {
  const { rows } = await tx.execute<{ id: number; body: string }>(
    sql`select id, body from marketing_messages
        where id = ${id} and campaign_id is null and status = 'queued' and link_failures is null`,
  );
  return rows[0];
}

/**
 * Records a workflow message's link check: failing links hold it, none let a held (or unchecked) one be
 * queued. Answers the status it has now, or undefined when it was no longer waiting (sent or released).
 */
export async function settleWorkflowMessageLinks(
  tx: Tx,
  id: number,
  failures: FailingLink[],
): Promise<'held' | 'queued' | undefined> {
  const { rows } = await tx.execute<{ status: 'held' | 'queued' }>(
    sql`update marketing_messages set link_failures = ${JSON.stringify(failures)}::jsonb,
          status = ${failures.length > 0 ? 'held' : 'queued'}
        where id = ${id} and campaign_id is null
          and (status = 'held' or (status = 'queued' and link_failures is null))
        returning status`,
  );
  return rows[0]?.status;
}

export async function hasHeldWorkflowMessages(tx: Tx): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`select 1 from marketing_messages where status = 'held' and campaign_id is null limit 1`,
  );
  return rows.length > 0;
}

/** Workflow messages the gate holds, oldest first. */
export async function heldWorkflowMessages(tx: Tx) {
  const { rows } = await tx.execute<{
    id: number;
    runId: number | null;
    toEmail: string;
    subject: string;
    body: string;
    linkFailures: FailingLink[];
  }>(sql`select id, run_id as "runId", to_email as "toEmail", subject, body, link_failures as "linkFailures"
         from marketing_messages where status = 'held' and campaign_id is null order by id limit 500`);
  return rows.map((r) => ({ ...r, id: Number(r.id), runId: r.runId === null ? null : Number(r.runId) }));
}

/** An owner sends a held workflow message anyway; false when it is not held. */
export async function overrideHeldWorkflowMessage(tx: Tx, id: number): Promise<boolean> {
  const { rowCount } = await tx.execute(
    sql`update marketing_messages set status = 'queued', link_override_at = now()
        where id = ${id} and campaign_id is null and status = 'held'`,
  );
  return (rowCount ?? 0) > 0;
}
