import { AppError } from '@domain/app-error';
import { type StoredMessage, serverMessage, storedMessage } from '@domain/messages';
import type { ImapFlow as ImapClient, ListResponse } from 'imapflow';
import type { EmailDirection } from '../../db/schema/email.js';
import type { AppDeps } from '../../deps.js';
import { assertPublicMailHost, mailSocketOptions } from './mail-host-guard.js';
import { parseRawMessage } from './parse-message.js';
import { open } from './secret-box.js';
import { type IncomingEmail, passwordPurpose, recordIncomingEmail } from './service.js';
import * as store from './store.js';

/** The first sync of a mailbox reads at most this many of its newest messages; later syncs read everything new. */
export const initialSyncLimit = 500;
const connectTimeoutMs = 15_000;

function sentMailbox(list: ListResponse[]): ListResponse | undefined {
  return (
    list.find((m) => m.specialUse === '\\Sent') ??
    list.find((m) => /^(sent|sent items|sent mail)$/i.test(m.name))
  );
}

/** Socket and connection codes worth naming to the user (Node's own, and imapflow's timeouts). */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
]);
/** A mail server's reply is its own words, shown as they came; this keeps a chatty one to a line. */
const maxReplyLength = 300;

/**
 * Why a sync failed, as stored on the account and shown in the mailbox's status. The mail server's own
 * reply (the provider's word, e.g. "Application-specific password required") is kept as a value; an
 * error's own message is not: it may reveal our internals, so it is logged and the line stays generic.
 */
export function describeFailure(error: unknown): StoredMessage {
  if (error instanceof AppError) return AppError.storedLine(error, serverMessage('email.syncFailed'));
  const e = error as { authenticationFailed?: boolean; responseText?: unknown; code?: unknown } | null;
  const reply = typeof e?.responseText === 'string' ? e.responseText.trim().slice(0, maxReplyLength) : '';
  if (e?.authenticationFailed)
    return storedMessage('email.loginFailed', { reason: reply || serverMessage('email.loginRefused') });
  if (typeof e?.code === 'string' && unreachableCodes.has(e.code))
    return serverMessage('email.serverUnreachable', { code: e.code });
  return reply ? serverMessage('email.syncFailedReply', { reply }) : serverMessage('email.syncFailed');
}

/**
 * Reads INBOX and Sent since the last UID seen (per mailbox, valid while UIDVALIDITY holds) into the
 * email processing path. A failure marks the account inactive with the reason, shown as its Error badge.
 */
export async function syncEmailAccount(deps: AppDeps, workspaceId: number, accountId: number): Promise<void> {
  const account = await deps.database.withWorkspace(workspaceId, (tx) => store.findAccount(tx, accountId));
  if (!account) return;
  try {
    // An IP literal never reaches the socket's lookup; names are checked there again, on the address used.
    await assertPublicMailHost(deps.config, account.imapHost, account.imapPort);
  } catch (error) {
    deps.log.warn({ err: error, accountId }, 'email account host refused');
    await deps.database.withWorkspace(workspaceId, (tx) =>
      store.markAccountFailed(tx, accountId, describeFailure(error)),
    );
    return;
  }
  // Loaded on first sync, as mailparser is: most servers never open a mailbox.
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    host: account.imapHost,
    port: account.imapPort,
    secure: account.imapSecure,
    auth: {
      user: account.email,
      pass: open(deps.config.secretKey, passwordPurpose, account.sealedPassword, account.email),
    },
    logger: false,
    connectionTimeout: connectTimeoutMs,
    greetingTimeout: connectTimeoutMs,
    socketTimeout: 60_000,
    tls: mailSocketOptions(deps.config, account.imapPort),
  });
  // imapflow reports socket trouble as an event too; the awaited calls below surface it as their failure.
  client.on('error', (error) => deps.log.warn({ err: error, accountId }, 'imap connection error'));
  try {
    await client.connect();
    const mailboxes = await client.list();
    const targets: Array<{ path: string; direction: EmailDirection }> = [
      { path: 'INBOX', direction: 'inbound' },
    ];
    const sent = sentMailbox(mailboxes);
    if (sent) targets.push({ path: sent.path, direction: 'outgoing' });
    for (const target of targets) await syncMailbox(deps, client, workspaceId, account, target);
    await deps.database.withWorkspace(workspaceId, (tx) => store.markAccountSynced(tx, accountId));
  } catch (error) {
    const reason = describeFailure(error);
    deps.log.warn({ err: error, accountId }, 'email account sync failed');
    await deps.database.withWorkspace(workspaceId, (tx) => store.markAccountFailed(tx, accountId, reason));
  } finally {
    await client.logout().catch(() => client.close());
  }
}

async function syncMailbox(
  deps: AppDeps,
  client: ImapClient,
  workspaceId: number,
  account: { id: number; email: string },
  target: { path: string; direction: EmailDirection },
) {
  const lock = await client.getMailboxLock(target.path, { readOnly: true });
  try {
    const mailbox = client.mailbox;
    if (!mailbox) return;
    const uidValidity = Number(mailbox.uidValidity);
    const cursor = await deps.database.withWorkspace(workspaceId, (tx) =>
      store.findCursor(tx, account.id, target.path),
    );
    // A changed UIDVALIDITY means old UIDs mean nothing now: start over (Message-IDs keep it idempotent).
    const lastUid = cursor && cursor.uidValidity === uidValidity ? cursor.lastUid : 0;
    let uids = ((await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || []).filter(
      (u) => u > lastUid,
    );
    if (lastUid === 0) uids = uids.slice(-initialSyncLimit);
    const emails: IncomingEmail[] = [];
    let highest = lastUid;
    if (uids.length > 0) {
      for await (const message of client.fetch(
        uids,
        { uid: true, source: true, internalDate: true },
        { uid: true },
      )) {
        highest = Math.max(highest, message.uid);
        if (!message.source) continue;
        const parsed = await parseRawMessage(message.source);
        const counterpart = target.direction === 'inbound' ? parsed.from : (parsed.to[0] ?? parsed.cc[0]);
        if (!parsed.from || !counterpart) continue; // nothing to file it under
        const internalDate = message.internalDate instanceof Date ? message.internalDate : null;
        emails.push({
          messageId: parsed.messageId,
          origin: 'imap',
          accountId: account.id,
          from: parsed.from,
          to:
            target.direction === 'inbound'
              ? (parsed.to[0] ?? { email: account.email, name: null })
              : counterpart,
          subject: parsed.subject,
          body: parsed.body,
          direction: target.direction,
          receivedAt: parsed.date ?? internalDate ?? new Date(),
        });
      }
    }
    // The emails and the cursor move together: a crash re-reads the batch, and Message-IDs absorb the repeat.
    await deps.database.withWorkspace(workspaceId, async (tx) => {
      for (const email of emails) await recordIncomingEmail(deps, tx, workspaceId, email);
      await store.saveCursor(tx, account.id, target.path, uidValidity, highest);
    });
  } finally {
    lock.release();
  }
}
