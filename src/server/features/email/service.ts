import { randomUUID } from 'node:crypto';
import { AppError } from '@domain/app-error';
import { companyFromEmail, nameOfAddress, type ParsedAddress, parseAddress } from '@domain/email/addresses';
import type { ConnectEmailInput, ProcessEmailInput } from '@domain/email/email-schemas';
import { mailServerPresets } from '@domain/email/providers';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import type { EmailDirection, EmailOrigin } from '../../db/schema/email.js';
import type { AppDeps } from '../../deps.js';
import { emitContactEvent } from '../../events/contact-events.js';
import type { Member } from '../../http/session.js';
import { addTimelineEntry, markContacted, upsertContactByIdentity } from '../contacts/index.js';
import { assertPublicMailHost } from './mail-host-guard.js';
import { seal } from './secret-box.js';
import * as store from './store.js';

export const processEmailJobName = 'email.process';
export const syncAccountJobName = 'email.sync-account';
export const passwordPurpose = 'email-account-password';
export const recentJobsLimit = 10;

/** One email entering the processing path, from any origin. */
export interface IncomingEmail {
  messageId: string;
  origin: EmailOrigin;
  accountId?: number | null;
  from: ParsedAddress;
  to: ParsedAddress;
  subject: string | null;
  body: string | null;
  direction: EmailDirection;
  receivedAt: Date;
  createdBy?: number | null;
}

/** Where an email already recorded stands: a repeat is answered with the truth. */
export type EmailState = 'queued' | 'processed' | 'failed';

/**
 * Records the email once per Message-ID and, when it is new, queues its processing in the same
 * transaction: the record and its job commit together or not at all (a crash between two separate
 * commits used to leave recorded emails that no worker would ever process).
 */
export async function recordIncomingEmail(
  deps: Pick<AppDeps, 'queue'>,
  tx: Tx,
  workspaceId: number,
  email: IncomingEmail,
): Promise<{ jobId: number; isNew: boolean; state: EmailState }> {
  const jobId = await store.insertEmailJob(tx, {
    messageId: email.messageId,
    origin: email.origin,
    accountId: email.accountId ?? null,
    fromEmail: email.from.email,
    fromName: email.from.name,
    toEmail: email.to.email,
    toName: email.to.name,
    subject: email.subject,
    body: email.body,
    direction: email.direction,
    receivedAt: email.receivedAt,
    createdBy: email.createdBy ?? null,
  });
  if (jobId !== null) {
    await deps.queue.send(processEmailJobName, { workspaceId, jobId }, { tx });
    return { jobId, isNew: true, state: 'queued' };
  }
  const existing = await store.findEmailJobByMessageId(tx, email.messageId);
  if (!existing) throw new Error(`email ${email.messageId} neither inserted nor found`);
  const state = existing.processed ? 'processed' : existing.errorMessage ? 'failed' : 'queued';
  return { jobId: existing.id, isNew: false, state };
}

/** POST /api/emails/process: queue one email typed or pasted by a member. */
export async function submitEmail(deps: AppDeps, member: Member, input: ProcessEmailInput) {
  const from = parseAddress(input.fromEmail);
  const to = parseAddress(input.toEmail);
  if (!from) throw AppError.badRequest('fromEmail', serverMessage('email.notAnAddress'));
  if (!to) throw AppError.badRequest('toEmail', serverMessage('email.notAnAddress'));
  const messageId = input.messageId?.trim() || `manual-${randomUUID()}`;
  const result = await deps.database.withWorkspace(member.workspaceId, (tx) =>
    recordIncomingEmail(deps, tx, member.workspaceId, {
      messageId,
      origin: 'manual',
      from,
      to,
      subject: input.subject?.trim() || null,
      body: input.body ?? null,
      direction: input.direction ?? 'inbound',
      receivedAt: input.receivedAt ? new Date(input.receivedAt) : new Date(),
      createdBy: member.userId,
    }),
  );
  const message = result.isNew ? 'Email queued for processing.' : repeatMessages[result.state];
  return { jobId: result.jobId, messageId, duplicate: !result.isNew, message };
}

const repeatMessages = {
  queued: 'This email is already queued for processing.',
  processed: 'This email was already processed.',
  failed: 'This email was already received; processing it failed.',
} as const;

/**
 * The one processing path: the counterpart (sender of an inbound email, recipient of an outgoing one)
 * becomes or updates a contact, the email becomes a conversation and a timeline entry, and the
 * contact's last-contacted time moves.
 */
export async function processEmailJob(tx: Tx, jobId: number): Promise<void> {
  const job = await store.findEmailJob(tx, jobId);
  if (!job || job.processed) return;
  const counterpart =
    job.direction === 'inbound'
      ? { email: job.fromEmail, name: job.fromName }
      : { email: job.toEmail, name: job.toName };
  const { firstName, lastName } = nameOfAddress(counterpart);
  const { contact, created } = await upsertContactByIdentity(
    tx,
    {
      email: counterpart.email,
      firstName: firstName || undefined,
      lastName: lastName || undefined,
      company: companyFromEmail(counterpart.email) ?? undefined,
    },
    { via: 'email', actorUserId: job.createdBy ?? undefined },
  );
  const conversationId = await store.insertConversation(tx, {
    jobId: job.id,
    contactId: contact.id,
    subject: job.subject,
    body: job.body,
    direction: job.direction,
    fromEmail: job.fromEmail,
    toEmail: job.toEmail,
    receivedAt: job.receivedAt,
  });
  await addTimelineEntry(tx, contact.id, {
    kind: 'email',
    title: job.subject
      ? serverMessage('timeline.email', { direction: job.direction, subject: job.subject })
      : serverMessage('timeline.emailNoSubject', { direction: job.direction }),
    body: job.body ?? undefined,
    occurredAt: job.receivedAt,
    metadata: {
      direction: job.direction,
      fromEmail: job.fromEmail,
      toEmail: job.toEmail,
      messageId: job.messageId,
      conversationId,
      origin: job.origin,
    },
  });
  await markContacted(tx, contact.id, job.receivedAt);
  await store.completeEmailJob(tx, job.id, { contactId: contact.id, contactCreated: created });
  if (job.direction === 'inbound')
    await emitContactEvent(tx, { type: 'contact.email_received', contactId: contact.id, emailJobId: job.id });
}

export async function listProcessingJobs(tx: Tx) {
  const rows = await store.listEmailJobs(tx, recentJobsLimit);
  return rows.map((r) => ({
    id: r.id,
    message_id: r.messageId,
    origin: r.origin,
    from_email: r.fromEmail,
    to_email: r.toEmail,
    subject: r.subject,
    direction: r.direction,
    processed: r.processed,
    contact_created: r.contactCreated,
    contact_id: r.contactId,
    error_message: r.errorMessage,
    error_message_ref: r.errorMessageRef,
    created_at: r.createdAt.toISOString(),
  }));
}

export async function listRecentConversations(tx: Tx, limit: number) {
  const rows = await store.listConversations(tx, limit);
  return rows.map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString() }));
}

function toAccountView(a: Awaited<ReturnType<typeof store.listAccounts>>[number]) {
  return {
    id: a.id,
    email: a.email,
    provider: a.provider,
    isActive: a.isActive,
    lastError: a.lastError,
    lastErrorMessage: a.lastErrorMessage,
    lastSyncedAt: a.lastSyncedAt?.toISOString() ?? null,
    imapHost: a.imapHost,
    createdAt: a.createdAt.toISOString(),
  };
}

/** POST /api/email/sync-status: store the mailbox (password sealed) and sync it at once in the queue. */
export async function connectAccount(deps: AppDeps, member: Member, input: ConnectEmailInput) {
  const preset = mailServerPresets[input.provider];
  const email = input.email.toLowerCase();
  const password = input.password ?? input.appPassword ?? '';
  // In every mode: tests reach their loopback server through OUTBOUND_ALLOW_CIDRS, not through a mode switch.
  if (input.host) await assertPublicMailHost(deps.config, input.host, input.port ?? preset.imap.port);
  const account = await deps.database.withWorkspace(member.workspaceId, (tx) =>
    store.upsertAccount(tx, {
      provider: input.provider,
      email,
      imapHost: input.host ?? preset.imap.host,
      // A custom host keeps the preset's TLS port unless told otherwise (tests talk plain IMAP on loopback).
      imapPort: input.port ?? preset.imap.port,
      imapSecure: input.secure ?? preset.imap.secure,
      smtpHost: preset.smtp.host,
      smtpPort: preset.smtp.port,
      sealedPassword: seal(deps.config.secretKey, passwordPurpose, password, email),
      createdBy: member.userId,
    }),
  );
  await deps.queue.send(
    syncAccountJobName,
    { workspaceId: member.workspaceId, accountId: account.id },
    { singletonKey: `email-sync-${account.id}` },
  );
  return toAccountView(account);
}

export async function listConnectedAccounts(tx: Tx) {
  return (await store.listAccounts(tx)).map(toAccountView);
}

export async function getCaptureAddress(deps: Pick<AppDeps, 'config'>, tx: Tx) {
  const token = await store.findCaptureToken(tx);
  if (!token) throw new AppError('not_found', serverMessage('auth.workspaceNotFound'));
  return { address: `${token}@${deps.config.SMTP_CAPTURE_DOMAIN}` };
}

/** Sealing of stored secrets (mail passwords here; other features' credentials too). */
export { open, type RestoredIds, reseal, seal } from './secret-box.js';
