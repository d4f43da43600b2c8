import { messageRef, type StoredMessage } from '@domain/messages';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { users } from '../../db/schema/auth.js';
import {
  type EmailDirection,
  type EmailOrigin,
  type EmailProvider,
  emailAccounts,
  emailConversations,
  emailMailboxCursors,
  emailProcessingJobs,
} from '../../db/schema/email.js';
import { memberships } from '../../db/schema/members.js';
import { workspaces } from '../../db/schema/workspaces.js';

export interface NewEmailJob {
  messageId: string;
  origin: EmailOrigin;
  accountId?: number | null;
  fromEmail: string;
  fromName: string | null;
  toEmail: string;
  toName: string | null;
  subject: string | null;
  body: string | null;
  direction: EmailDirection;
  receivedAt: Date;
  createdBy?: number | null;
}

/** Inserts the email unless this workspace already has its Message-ID; returns the new id or null. */
export async function insertEmailJob(tx: Tx, job: NewEmailJob): Promise<number | null> {
  const rows = await tx
    .insert(emailProcessingJobs)
    .values(job)
    .onConflictDoNothing({ target: [emailProcessingJobs.workspaceId, emailProcessingJobs.messageId] })
    .returning({ id: emailProcessingJobs.id });
  return rows[0]?.id ?? null;
}

export async function findEmailJobByMessageId(tx: Tx, messageId: string) {
  const rows = await tx
    .select({
      id: emailProcessingJobs.id,
      processed: emailProcessingJobs.processed,
      errorMessage: emailProcessingJobs.errorMessage,
    })
    .from(emailProcessingJobs)
    .where(eq(emailProcessingJobs.messageId, messageId));
  return rows[0] ?? null;
}

export async function findEmailJob(tx: Tx, id: number) {
  const rows = await tx
    .select()
    .from(emailProcessingJobs)
    .where(eq(emailProcessingJobs.id, id))
    .for('update');
  return rows[0] ?? null;
}

export async function completeEmailJob(
  tx: Tx,
  id: number,
  outcome: { contactId: number; contactCreated: boolean },
) {
  await tx
    .update(emailProcessingJobs)
    .set({
      processed: true,
      contactId: outcome.contactId,
      contactCreated: outcome.contactCreated,
      errorMessage: null,
      errorMessageRef: null,
      processedAt: new Date(),
    })
    .where(eq(emailProcessingJobs.id, id));
}

export async function failEmailJob(tx: Tx, id: number, reason: StoredMessage) {
  await tx
    .update(emailProcessingJobs)
    .set({ errorMessage: reason.text, errorMessageRef: messageRef(reason), processedAt: new Date() })
    .where(eq(emailProcessingJobs.id, id));
}

export async function listEmailJobs(tx: Tx, limit: number) {
  return tx
    .select()
    .from(emailProcessingJobs)
    .orderBy(desc(emailProcessingJobs.createdAt), desc(emailProcessingJobs.id))
    .limit(limit);
}

export async function insertConversation(tx: Tx, values: typeof emailConversations.$inferInsert) {
  const rows = await tx
    .insert(emailConversations)
    .values(values)
    .onConflictDoNothing({ target: [emailConversations.workspaceId, emailConversations.jobId] })
    .returning({ id: emailConversations.id });
  return rows[0]?.id ?? null;
}

export async function listConversations(tx: Tx, limit: number) {
  return tx
    .select({
      id: emailConversations.id,
      subject: emailConversations.subject,
      direction: emailConversations.direction,
      fromEmail: emailConversations.fromEmail,
      toEmail: emailConversations.toEmail,
      receivedAt: emailConversations.receivedAt,
      contactId: emailConversations.contactId,
    })
    .from(emailConversations)
    .orderBy(desc(emailConversations.receivedAt), desc(emailConversations.id))
    .limit(limit);
}

export interface AccountSettings {
  provider: EmailProvider;
  email: string;
  imapHost: string;
  imapPort: number;
  imapSecure: boolean;
  smtpHost: string;
  smtpPort: number;
  sealedPassword: string;
  createdBy: number;
}

/** Connecting the same address again replaces its settings and password and makes it active again. */
export async function upsertAccount(tx: Tx, values: AccountSettings) {
  const rows = await tx
    .insert(emailAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: [emailAccounts.workspaceId, emailAccounts.email],
      set: {
        provider: values.provider,
        imapHost: values.imapHost,
        imapPort: values.imapPort,
        imapSecure: values.imapSecure,
        smtpHost: values.smtpHost,
        smtpPort: values.smtpPort,
        sealedPassword: values.sealedPassword,
        isActive: true,
        lastError: null,
        lastErrorMessage: null,
      },
    })
    .returning();
  return rows[0];
}

export async function findAccount(tx: Tx, id: number) {
  const rows = await tx.select().from(emailAccounts).where(eq(emailAccounts.id, id));
  return rows[0] ?? null;
}

export async function listAccounts(tx: Tx) {
  return tx.select().from(emailAccounts).orderBy(desc(emailAccounts.createdAt), desc(emailAccounts.id));
}

export async function markAccountSynced(tx: Tx, id: number) {
  await tx
    .update(emailAccounts)
    .set({ isActive: true, lastError: null, lastErrorMessage: null, lastSyncedAt: new Date() })
    .where(eq(emailAccounts.id, id));
}

export async function markAccountFailed(tx: Tx, id: number, reason: StoredMessage) {
  await tx
    .update(emailAccounts)
    .set({ isActive: false, lastError: reason.text, lastErrorMessage: messageRef(reason) })
    .where(eq(emailAccounts.id, id));
}

export async function findCursor(tx: Tx, accountId: number, mailbox: string) {
  const rows = await tx
    .select()
    .from(emailMailboxCursors)
    .where(and(eq(emailMailboxCursors.accountId, accountId), eq(emailMailboxCursors.mailbox, mailbox)));
  return rows[0] ?? null;
}

export async function saveCursor(
  tx: Tx,
  accountId: number,
  mailbox: string,
  uidValidity: number,
  lastUid: number,
) {
  await tx
    .insert(emailMailboxCursors)
    .values({ accountId, mailbox, uidValidity, lastUid })
    .onConflictDoUpdate({
      target: [emailMailboxCursors.workspaceId, emailMailboxCursors.accountId, emailMailboxCursors.mailbox],
      set: { uidValidity, lastUid, updatedAt: new Date() },
    });
}

export async function findCaptureToken(tx: Tx): Promise<string | null> {
  const rows = await tx.select({ token: workspaces.captureToken }).from(workspaces);
  return rows[0]?.token ?? null;
}

/** Addresses that speak for this workspace: its members' and its connected mailboxes'. */
export async function listOwnAddresses(tx: Tx): Promise<string[]> {
  const rows = await tx.execute<{ email: string }>(sql`
    select lower(u.email::text) as email from ${memberships} m join ${users} u on u.id = m.user_id
    union
    select lower(email::text) from ${emailAccounts}`);
  return rows.rows.map((r) => r.email);
}

export async function activeAccountsEverywhere(tx: Tx) {
  const rows = await tx.execute<{ workspace_id: number; account_id: number }>(
    sql`select workspace_id, account_id from app_active_email_accounts()`,
  );
  return rows.rows.map((r) => ({ workspaceId: Number(r.workspace_id), accountId: Number(r.account_id) }));
}

export async function unfinishedEmailJobsEverywhere(tx: Tx) {
  const rows = await tx.execute<{ workspace_id: number; id: number }>(
    sql`select workspace_id, id from app_unfinished_email_jobs()`,
  );
  return rows.rows.map((r) => ({ workspaceId: Number(r.workspace_id), jobId: Number(r.id) }));
}

export async function captureWorkspace(tx: Tx, token: string): Promise<number | null> {
  const rows = await tx.execute<{ id: string | null }>(sql`select app_capture_workspace(${token}) as id`);
  const id = rows.rows[0]?.id;
  return id == null ? null : Number(id);
}
