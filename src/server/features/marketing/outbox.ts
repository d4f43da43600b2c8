import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import { marketingMessageIdDomain } from './delivery-reports.js';

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
    sql`insert into marketing_messages (idempotency_key, campaign_id, run_id, contact_id, to_email, subject, body, from_name, token)
        values (${message.key}, ${message.campaignId ?? null}, ${message.runId ?? null}, ${message.contactId},
                ${message.toEmail}, ${message.subject}, ${message.body}, ${message.fromName ?? ''}, ${newToken()})
        on conflict (workspace_id, idempotency_key) do nothing returning id`,
  );
  return rows[0]?.id;
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

export interface MarketingMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
  /** The envelope sender: the message's own bounce address, so delivery reports come back to the app. */
  returnPath: string | null;
}

export interface MarketingTransport {
  /** 'smtp' delivers; 'offline' keeps the message in the outbox, not delivered. */
  readonly kind: 'smtp' | 'offline';
  send(mail: MarketingMail): Promise<void>;
}

export function createMarketingTransport(config: Pick<Config, 'SMTP_URL'>): MarketingTransport {
  if (!config.SMTP_URL) return { kind: 'offline', send: async () => {} };
  // Pooled: a campaign's messages reuse open connections instead of one handshake each.
  const transport: Transporter = createTransport({ url: config.SMTP_URL, pool: true, maxConnections: 2 });
  return {
    kind: 'smtp',
    send: async ({ returnPath, ...mail }) => {
      await transport.sendMail(returnPath ? { ...mail, envelope: { from: returnPath, to: mail.to } } : mail);
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

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

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
          where id = any(${`{${messageIds.join(',')}}`}::bigint[])
            and (status = 'queued' or (status = 'sending' and claimed_by is distinct from ${processId}))
          returning id, token, to_email as "toEmail", subject, body, from_name as "fromName",
            coalesce((select tracking_enabled from automation_settings), true) as tracking,
            exists (select 1 from marketing_suppressions s where s.email = m.to_email) as suppressed`,
    );
    const suppressed = rows.filter((r) => r.suppressed).map((r) => r.id);
    if (suppressed.length > 0)
      await tx.execute(
        sql`update marketing_messages set status = 'failed', error = 'unsubscribed'
            where id = any(${`{${suppressed.join(',')}}`}::bigint[])`,
      );
    return rows.filter((r) => !r.suppressed);
  });
}

/**
 * Speaks SMTP for one claimed message and records the result at once (its own commit): only a crash
 * between the SMTP server's accept and that commit can repeat a message (sent again with the same
 * Message-ID by the process that takes it over).
 */
async function sendClaimed(
  deps: AppDeps,
  workspaceId: number,
  claimed: ClaimedMessage & { tracking: boolean },
): Promise<boolean> {
  const transport = transportFor(deps.config);
  let error: string | null = null;
  try {
    await transport.send(buildMail(deps.config, claimed, claimed.tracking));
  } catch (e) {
    error = e instanceof Error ? e.message.slice(0, 500) : 'sending failed';
  }
  const status = error ? 'failed' : transport.kind === 'smtp' ? 'sent' : 'offline';
  await deps.database.withWorkspace(workspaceId, (tx) =>
    tx.execute(
      sql`update marketing_messages set status = ${status}, error = ${error},
            sent_at = ${error ? null : now(deps).toISOString()}::timestamptz where id = ${claimed.id}`,
    ),
  );
  if (error) deps.log.warn({ messageId: claimed.id, workspaceId }, `marketing message not sent: ${error}`);
  return !error;
}

/** Delivers one message at most once per claim (a workflow's email). False when there was nothing to send. */
export async function deliverMessage(
  deps: AppDeps,
  workspaceId: number,
  messageId: number,
): Promise<boolean> {
  const [claimed] = await claimMessages(deps, workspaceId, [messageId]);
  return claimed ? sendClaimed(deps, workspaceId, claimed) : false;
}

/**
 * Delivers a batch of a campaign's messages: claimed together in one transaction, then sent one after
 * the other, each result committed before the next is spoken. One at a time on purpose: a kill -9 can
 * then leave at most one message accepted by the SMTP server but not recorded (sent again after the
 * restart); with several on the wire at once, each of them could be.
 */
export async function deliverMessages(
  deps: AppDeps,
  workspaceId: number,
  messageIds: number[],
): Promise<void> {
  for (const message of await claimMessages(deps, workspaceId, messageIds))
    await sendClaimed(deps, workspaceId, message);
}

export async function unsentWorkflowMessagesEverywhere(tx: Tx) {
  const { rows } = await tx.execute<{ workspace_id: number; id: number }>(
    sql`select * from app_unsent_marketing_messages()`,
  );
  return rows.map((r) => ({ workspaceId: Number(r.workspace_id), messageId: Number(r.id) }));
}
