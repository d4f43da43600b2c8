import type { Audience, CampaignStatus, CampaignType } from '@domain/marketing/campaign-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';

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
};

const campaignColumns = sql`c.id, c.name, c.type, c.status, c.subject, c.preheader, c.body, c.from_name as "fromName",
  c.audience, c.scheduled_at as "scheduledAt", c.to_send as "toSend",
  coalesce(m.sent, 0)::int as sent, coalesce(m.offline, 0)::int as offline, coalesce(m.failed, 0)::int as failed,
  coalesce(m.opens, 0)::int as opens, coalesce(m.clicks, 0)::int as clicks, coalesce(m.conversions, 0)::int as conversions`;
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

export async function deleteCampaignRow(tx: Tx, id: number): Promise<boolean> {
  const { rowCount } = await tx.execute(sql`delete from campaigns where id = ${id}`);
  return (rowCount ?? 0) > 0;
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

/**
 * Queues one message per audience contact in one statement, merge fields filled in SQL; a contact
 * already queued for this campaign (its key) is skipped. Returns how many the campaign has in all.
 */
export async function queueCampaignMessages(
  tx: Tx,
  campaign: Pick<CampaignRow, 'id' | 'subject' | 'body' | 'fromName' | 'audience'>,
  websiteName: string | null,
): Promise<number> {
  const fill = (template: string) => sql`replace(replace(replace(replace(${template}::text,
    '{{firstName}}', c.first_name), '{{lastName}}', c.last_name), '{{email}}', c.email::text),
    '{{company}}', coalesce(c.company, ''))`;
  await tx.execute(
    sql`insert into marketing_messages (idempotency_key, campaign_id, contact_id, to_email, subject, body, from_name, token)
        select 'campaign:' || ${campaign.id} || ':' || c.id, ${campaign.id}, c.id, c.email, ${fill(campaign.subject)},
               ${fill(campaign.body)}, ${campaign.fromName}, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
        from contacts c where ${audienceWhere(campaign.audience, websiteName)}
        on conflict (workspace_id, idempotency_key) do nothing`,
  );
  const { rows } = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from marketing_messages where campaign_id = ${campaign.id}`,
  );
  return rows[0].n;
}

/**
 * The campaign's next message for this process to send, in id order: queued, or left 'sending' by a
 * process that is gone. 'inFlight' when only this process's own claims are left.
 */
export async function nextQueuedMessage(
  tx: Tx,
  campaignId: number,
  processId: string,
): Promise<number | 'inFlight' | null> {
  const { rows } = await tx.execute<{ id: number; mine: boolean }>(
    sql`select id, (status = 'sending' and claimed_by = ${processId}) as mine from marketing_messages
        where campaign_id = ${campaignId} and status in ('queued', 'sending')
        order by (status = 'sending' and claimed_by = ${processId}), id limit 1`,
  );
  if (!rows[0]) return null;
  return rows[0].mine ? 'inFlight' : rows[0].id;
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
    status: 'queued' | 'sending' | 'sent' | 'offline' | 'failed';
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
  const { rows } = await tx.execute<{ id: number; toEmail: string; tracking: boolean }>(
    sql`select id, to_email as "toEmail", coalesce((select tracking_enabled from automation_settings), true) as tracking
        from marketing_messages where token = ${token}`,
  );
  return rows[0];
}

export async function markOpened(tx: Tx, id: number) {
  await tx.execute(
    sql`update marketing_messages set opened_at = now() where id = ${id} and opened_at is null`,
  );
}

export async function markClicked(tx: Tx, id: number) {
  await tx.execute(
    sql`update marketing_messages set clicked_at = coalesce(clicked_at, now()), opened_at = coalesce(opened_at, now())
        where id = ${id}`,
  );
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
export async function dueCampaignsEverywhere(tx: Tx, at: Date) {
  return ids(
    (await tx.execute<Ids>(sql`select * from app_due_campaigns(${at.toISOString()}::timestamptz)`)).rows,
  );
}
