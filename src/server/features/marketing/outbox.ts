import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import type MailMessage from 'nodemailer/lib/mailer/mail-message';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/database.js';
import { claimTokens } from '../../db/public-tokens.js';
import { type AppDeps, now } from '../../deps.js';
import { emitContactEvent } from '../../events/contact-events.js';
import { escapeHtml } from '../../http/html.js';
import { composeMail, type MarketingMail } from './compose-mail.js';
import { marketingMessageIdDomain } from './delivery-reports.js';
import { holdWorkflowMessageForLinks } from './link-gate.js';

/**
 * The outbox of marketing mail: every campaign or workflow message is a row first (its unique key is
 * the idempotency key of sending), then delivered by a worker. With SMTP_URL set it leaves through
 * SMTP; without, it stays in the outbox marked 'offline' — NOT delivered — for the owner to read.
 */
export const deliverMessageJobName = 'marketing.deliver';

export interface QueuedMessage {
  key: string;
  campaignId?: number | null;
  runId?: number | null;
  contactId: number | null;
  toEmail: string;
  subject: string;
  body: string;
  fromName?: string;
}

export async function isSuppressed(tx: Tx, email: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`select 1 from marketing_suppressions where email = ${email}`);
  return rows.length > 0;
}

/** Adds the address to the suppression list; true when it was not on it before. */
export async function suppress(
  tx: Tx,
  email: string,
  reason: 'unsubscribed' | 'hard_bounce' | 'complaint',
): Promise<boolean> {
  const { rowCount } = await tx.execute(
    sql`insert into marketing_suppressions (email, reason) values (${email}, ${reason}) on conflict do nothing`,
  );
  return (rowCount ?? 0) > 0;
}

/** Queues one message unless the key was queued before; returns its id when new. */
export async function queueMessage(tx: Tx, message: QueuedMessage): Promise<number | undefined> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`with inserted as (
          insert into marketing_messages (idempotency_key, campaign_id, run_id, contact_id, to_email, subject, body, from_name, token)
          values (${message.key}, ${message.campaignId ?? null}, ${message.runId ?? null}, ${message.contactId},
                  ${message.toEmail}, ${message.subject}, ${message.body}, ${message.fromName ?? ''}, ${newToken()})
          on conflict (workspace_id, idempotency_key) do nothing returning id, token)
        select id from inserted, lateral (${claimTokens('marketing_message', sql`array[inserted.token]`)}) claim`,
  );
  return rows[0]?.id;
}

/**
 * A sequence's run exited: its messages not yet claimed for sending never go out. Claiming
 * (queued -> sending) and this update take the same row lock, so each message is either already on
 * its way or stopped here.
 */
export async function cancelRunMessages(tx: Tx, runIds: number[]): Promise<number> {
  const { rowCount } = await tx.execute(
    sql`update marketing_messages set status = 'failed', error = 'the contact left the sequence'
        where run_id = any(${sql.param(runIds)}::bigint[]) and status in ('queued', 'held')`,
  );
  return rowCount ?? 0;
}

const newToken = () => randomBytes(18).toString('base64url');

/** Fills {{firstName}}, {{lastName}}, {{email}}, {{company}} (unknown names are left as typed). */
export function renderMergeFields(
  template: string,
  contact: { firstName: string; lastName: string; email: string | null; company: string | null },
): string {
  const values: Record<string, string> = {
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email ?? '',
    company: contact.company ?? '',
  };
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name] : whole,
  );
}

// ---- transport ----

export interface MarketingTransport {
  /** 'smtp' delivers; 'offline' keeps the message in the outbox, not delivered. */
  readonly kind: 'smtp' | 'offline';
  /**
   * Resolves once the SMTP server accepted the message. With `release`, the envelope and the whole
   * message go out at once but the end of the data (the moment the server takes the message) waits
   * for it; if it rejects, the connection is dropped and the server never takes the message.
   */
  send(mail: MarketingMail, release?: Promise<void>): Promise<void>;
}

export function createMarketingTransport(config: Pick<Config, 'SMTP_URL'>): MarketingTransport {
  if (!config.SMTP_URL) return { kind: 'offline', send: async () => {} };
  // Pooled: a campaign's messages reuse open connections instead of one handshake each. Two, so the
  // next message's envelope and data go out while the reply to the last one is being recorded; each
  // serves up to 1,000 messages before it is replaced (nodemailer's 100 meant a new handshake every
  // 100 messages of a campaign).
  const transport: Transporter = createTransport({
    url: config.SMTP_URL,
    pool: true,
    maxConnections: 2,
    maxMessages: 1000,
  });
  return {
    kind: 'smtp',
    send: async (mail, release) => {
      const { envelope, messageId, source } = await composeMail(mail);
      // The pool is given the composed message as it reads a compiled one (sendMail would compile
      // it again): the envelope, the Message-ID and a stream of the source. The stream is written at
      // once and ended — the final dot — only when `release` says so; a requeue reads a new one.
      const message = {
        getEnvelope: () => envelope,
        messageId: () => messageId,
        getHeader: (key: string) => (key.toLowerCase() === 'message-id' ? messageId : undefined),
        createReadStream: () => {
          const data = new PassThrough();
          data.write(source);
          (release ?? Promise.resolve()).then(
            () => {
              if (!data.destroyed) data.end();
            },
            (error: Error) => data.destroy(error),
          );
          return data;
        },
      };
      await new Promise<void>((resolve, reject) =>
        transport.transporter.send({ data: {}, message } as unknown as MailMessage, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
    },
  };
}

const transports = new WeakMap<Config, MarketingTransport>();
function transportFor(config: Config): MarketingTransport {
  let transport = transports.get(config);
  if (!transport) {
    transport = createMarketingTransport(config);
    transports.set(config, transport);
  }
  return transport;
}

/**
 * Where reports about one message go (its envelope sender): bounces-<token>@<SMTP_CAPTURE_DOMAIN>, taken
 * by the capture SMTP server. The token is already in the message's links, so nothing new is revealed
 * (the workspace's own capture address stays private), and it names the exact message that bounced.
 */
export function bounceAddress(config: Pick<Config, 'SMTP_CAPTURE_DOMAIN'>, token: string): string {
  return `bounces-${token}@${config.SMTP_CAPTURE_DOMAIN}`;
}
export const bounceAddressPattern = /^bounces-([A-Za-z0-9_-]{20,80})@(.+)$/;

export function publicBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/** Signs a click's destination, so the redirect route only ever sends people where the message linked. */
export function signLink(secretKey: string, token: string, url: string): string {
  return createHmac('sha256', secretKey).update(`${token}\n${url}`).digest('base64url').slice(0, 22);
}

export function buildMail(
  config: Config,
  message: { token: string; toEmail: string; subject: string; body: string; fromName: string },
  tracking: boolean,
): MarketingMail {
  const base = publicBaseUrl(config);
  const unsubscribeUrl = `${base}/api/m/u/${message.token}`;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  const html = escapeHtml(message.body)
    .replace(/https?:\/\/[^\s<&]+/g, (url) => {
      if (!tracking) return `<a href="${url}">${url}</a>`;
      const target = `${base}/api/m/c/${message.token}?u=${encodeURIComponent(url)}&s=${signLink(config.secretKey, message.token, url)}`;
      return `<a href="${escapeHtml(target)}">${url}</a>`;
    })
    .replace(/\n/g, '<br>');
  const pixel = tracking ? `<img src="${base}/api/m/o/${message.token}" width="1" height="1" alt="">` : '';
  return {
    to: message.toEmail,
    from: message.fromName ? `"${message.fromName.replace(/"/g, '')}" <${address}>` : config.MAIL_FROM,
    subject: message.subject,
    text: `${message.body}\n\nUnsubscribe: ${unsubscribeUrl}`,
    html: `<div>${html}</div><p><a href="${unsubscribeUrl}">Unsubscribe</a></p>${pixel}`,
    messageId: `<${message.token}@${marketingMessageIdDomain}>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    returnPath: bounceAddress(config, message.token),
  };
}

/**
 * This process. A message claimed by it and still 'sending' is in flight here; one claimed by another
 * process (a restart after kill -9: the server runs as one process, see README) is taken over. Two send
 * jobs of one campaign in this process share the work: neither takes a message the other has claimed.
 */
export const processId = randomUUID();

type ClaimedMessage = {
  id: number;
  token: string;
  toEmail: string;
  subject: string;
  body: string;
  fromName: string;
};

/**
 * Claims messages for this process in one transaction (queued -> sending; or 'sending' left by a
 * process that is gone). Consent is checked again at this moment: an unsubscribe or bounce after
 * queueing still counts, and such a message fails instead of being claimed.
 */
async function claimMessages(deps: AppDeps, workspaceId: number, messageIds: number[]) {
  return deps.database.withWorkspace(workspaceId, async (tx) => {
    const { rows } = await tx.execute<ClaimedMessage & { tracking: boolean; suppressed: boolean }>(
      sql`update marketing_messages m set status = 'sending', attempts = attempts + 1, claimed_by = ${processId}
          where id = any(${sql.param(messageIds)}::bigint[])
            and (status = 'queued' or (status = 'sending' and claimed_by is distinct from ${processId}))
          returning id, token, to_email as "toEmail", subject, body, from_name as "fromName",
            coalesce((select tracking_enabled from automation_settings), true) as tracking,
            exists (select 1 from marketing_suppressions s where s.email = m.to_email) as suppressed`,
    );
    const suppressed = rows.filter((r) => r.suppressed).map((r) => r.id);
    if (suppressed.length > 0)
      await tx.execute(
        sql`update marketing_messages set status = 'failed', error = 'unsubscribed'
            where id = any(${sql.param(suppressed)}::bigint[])`,
      );
    return rows.filter((r) => !r.suppressed);
  });
}

type SendOutcome = { status: 'sent' | 'offline' | 'failed'; error: string | null };

/** Speaks SMTP for one message; never throws (a refusal or a broken connection is the outcome). */
async function speak(
  deps: AppDeps,
  claimed: ClaimedMessage & { tracking: boolean },
  release?: Promise<void>,
): Promise<SendOutcome> {
  const transport = transportFor(deps.config);
  try {
    await transport.send(buildMail(deps.config, claimed, claimed.tracking), release);
    return { status: transport.kind === 'smtp' ? 'sent' : 'offline', error: null };
  } catch (e) {
    return { status: 'failed', error: e instanceof Error ? e.message.slice(0, 500) : 'sending failed' };
  }
}

/**
 * Records a message's outcome, committed when this resolves: one round trip, a named statement (planned
 * once per connection) instead of BEGIN, the update and COMMIT; the function enters the workspace for
 * that statement only (migration 0805).
 */
async function recordOutcome(deps: AppDeps, workspaceId: number, messageId: number, outcome: SendOutcome) {
  await deps.database.pool.query({
    name: 'marketing-record-outcome',
    text: 'select app_record_marketing_outcome($1, $2, $3, $4, $5)',
    values: [
      workspaceId,
      messageId,
      outcome.status,
      outcome.error,
      outcome.error ? null : now(deps).toISOString(),
    ],
  });
  if (outcome.error)
    deps.log.warn({ messageId, workspaceId }, `marketing message not sent: ${outcome.error}`);
}

/**
 * Delivers one message at most once per claim (a workflow's email), unless the pre-send gate holds it for
 * failing links. False when there was nothing to send.
 */
export async function deliverMessage(
  deps: AppDeps,
  workspaceId: number,
  messageId: number,
): Promise<boolean> {
  if (await holdWorkflowMessageForLinks(deps, workspaceId, messageId)) return false;
  const [claimed] = await claimMessages(deps, workspaceId, [messageId]);
  if (!claimed) return false;
  const outcome = await speak(deps, claimed);
  await recordOutcome(deps, workspaceId, claimed.id, outcome);
  return outcome.error === null;
}

/**
 * Delivers a batch of a campaign's messages, claimed together in one transaction. A kill -9 may leave
 * at most one message accepted by the SMTP server but not recorded (sent again after the restart, with
 * the same Message-ID): a message's data is ended — the moment the server takes it — only once the
 * message before it is recorded as committed. Everything else overlaps: while one result is being
 * committed, the next message is composed and its envelope and data are already on the wire.
 */
export async function deliverMessages(
  deps: AppDeps,
  workspaceId: number,
  messageIds: number[],
): Promise<void> {
  let recorded: Promise<void> = Promise.resolve();
  for (const message of await claimMessages(deps, workspaceId, messageIds)) {
    const outcome = await speak(deps, message, recorded);
    // A record that failed stops the batch as it always did: this message's data was never ended.
    await recorded;
    recorded = recordOutcome(deps, workspaceId, message.id, outcome);
    // Awaited above or below; until then a failure must not count as an unhandled rejection.
    recorded.catch(() => {});
  }
  await recorded;
  await tellCampaignRecipients(deps, workspaceId, messageIds);
}

/**
 * Each contact the batch reached, told in one transaction after the outcomes (live segments' "received a
 * campaign"); outside the per-message path, so sending waits on nothing more.
 */
async function tellCampaignRecipients(deps: AppDeps, workspaceId: number, messageIds: number[]) {
  await deps.database.withWorkspace(workspaceId, async (tx) => {
    const { rows } = await tx.execute<{ contactId: number }>(
      sql`select distinct contact_id::float8 as "contactId" from marketing_messages
          where id = any(${sql.param(messageIds)}::bigint[]) and status = 'sent'
            and campaign_id is not null and contact_id is not null`,
    );
    for (const { contactId } of rows)
      await emitContactEvent(tx, { type: 'contact.campaign_engaged', contactId: Number(contactId) });
  });
}

export async function unsentWorkflowMessagesEverywhere(tx: Tx) {
  const { rows } = await tx.execute<{ workspace_id: number; id: number }>(
    sql`select * from app_unsent_marketing_messages()`,
  );
  return rows.map((r) => ({ workspaceId: Number(r.workspace_id), messageId: Number(r.id) }));
}
