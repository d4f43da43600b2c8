import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import {
  type EndpointHealth,
  endpointFailureDisableMs,
  endpointHealthWindowDays,
  type WebhookEndpointWithHealth,
} from '@domain/webhooks/webhook-schemas';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { createMailProvider } from '../../providers/mail/index.js';
import { findCompany, findContact } from '../contacts/index.js';
import { closeTasksForCauses, ensureTaskForCause } from '../tasks/index.js';
import * as store from './store.js';

/*
 * Webhook endpoints belong to accounts (issue 33, part 4): an endpoint names the company it serves and
 * optionally that company's contact for notices; its delivery health is read per endpoint; a day of
 * failures gives the account's owner a task and the contact one mail, both once per run of failures.
 */

export const endpointNoticeJobName = 'webhooks.endpoint-notice';

interface NoticeJobData {
  workspaceId: number;
  endpointId: number;
}

/** The task of an endpoint's day of failures: one per endpoint, reopened by its next run. */
export const failureCauseKey = (endpointId: number) => `webhook-endpoint:${endpointId}`;

/**
 * The account an endpoint is linked to, checked: the company must be one of the workspace's, and the notice
 * contact one of that company's contacts (so a link can never name another workspace's records).
 */
export async function assertAccount(
  tx: Tx,
  companyId: number | null,
  noticeContactId: number | null,
): Promise<void> {
  if (companyId !== null && !(await findCompany(tx, companyId)))
    throw AppError.badRequest('companyId', serverMessage('deals.companyNotFound'));
  if (noticeContactId === null) return;
  const contact = await findContact(tx, noticeContactId);
  if (!contact) throw AppError.badRequest('noticeContactId', serverMessage('contacts.notFound'));
  if (companyId === null || contact.companyId !== companyId)
    throw AppError.badRequest('noticeContactId', serverMessage('operations.noticeContactNotOfCompany'));
}

const toHealth = (row: store.EndpointHealthRow | undefined): EndpointHealth => {
  const succeeded = row?.succeeded ?? 0;
  const failed = row?.failed ?? 0;
  return {
    windowDays: endpointHealthWindowDays,
    succeeded,
    failed,
    successRate: succeeded + failed > 0 ? succeeded / (succeeded + failed) : null,
    p95LatencyMs: row?.p95 ?? null,
    backlog: row?.backlog ?? 0,
    lastFailure:
      row?.failedAt != null
        ? {
            at: new Date(row.failedAt).toISOString(),
            statusCode: row.failedStatus,
            excerpt: row.failedExcerpt ?? '',
          }
        : null,
  };
};

/** The endpoints (of an app, of a company, or all) with their delivery health over the window. */
export async function endpointsWithHealth(
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  filter: store.EndpointFilter,
): Promise<WebhookEndpointWithHealth[]> {
  const rows = await store.listEndpoints(tx, filter);
  const since = new Date(now(deps).getTime() - endpointHealthWindowDays * 24 * 3600 * 1000);
  const health = new Map(
    (
      await store.endpointHealth(
        tx,
        rows.map((row) => row.id),
        since,
      )
    ).map((row) => [row.endpointId, row]),
  );
  return rows.map((row) => ({
    ...toEndpoint(row),
    appName: row.appName,
    companyName: row.companyName,
    health: toHealth(health.get(row.id)),
  }));
}

export const toEndpoint = (e: store.EndpointRow) => ({
  id: e.id,
  appId: e.appId,
  url: e.url,
  events: e.events,
  disabled: e.disabledAt !== null,
  disabledReason: e.disabledReason,
  failingSince: e.failingSince,
  companyId: e.companyId,
  noticeContactId: e.noticeContactId,
  ordered: e.ordered,
});

const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')}`;

/**
 * The endpoint's run of failures passed a day (in `finishBatch`'s transaction): once per run, the account's
 * owner gets a task, due when the endpoint would be disabled and reminded at once, and the notice contact's
 * mail is queued. The owner is the notice contact's owner when it has one, else the workspace's (createTask's
 * fallback): companies have no owner of their own.
 */
export async function raiseFailureAlert(
  deps: Pick<AppDeps, 'queue'>,
  tx: Tx,
  workspaceId: number,
  endpoint: store.EndpointRow,
  since: Date,
  at: Date,
  lastError: string,
): Promise<void> {
  if (!(await store.markFailureAlerted(tx, endpoint.id, at))) return;
  const company = endpoint.companyId ? await findCompany(tx, endpoint.companyId) : undefined;
  const contact = endpoint.noticeContactId ? await findContact(tx, endpoint.noticeContactId) : undefined;
  await ensureTaskForCause(tx, failureCauseKey(endpoint.id), {
    title: serverMessage('operations.endpointFailingTask', {
      name: company?.name ?? endpoint.appName,
    }).text.slice(0, 200),
    description: serverMessage('operations.endpointFailingTaskNotes', {
      url: endpoint.url,
      since: utc(since),
      error: lastError,
    }).text.slice(0, 5000),
    dueAt: new Date(since.getTime() + endpointFailureDisableMs).toISOString(),
    remindAt: at.toISOString(),
    ownerId: contact?.ownerId ?? null,
    companyId: company?.id ?? null,
    contactId: contact?.id ?? null,
    appId: endpoint.appId,
  });
  if (contact?.email)
    await deps.queue.sendMany(
      endpointNoticeJobName,
      [{ data: { workspaceId, endpointId: endpoint.id } satisfies NoticeJobData }],
      { tx },
    );
}

/** A success ended these endpoints' runs of failures: the tasks of those that had raised one close. */
export async function endFailingRuns(deps: Pick<AppDeps, 'clock'>, tx: Tx, endpointIds: number[]) {
  const alerted = await store.endFailingRuns(tx, endpointIds);
  if (alerted.length > 0) await closeTasksForCauses(deps, tx, alerted.map(failureCauseKey));
}

/**
 * Mails the notice contact once per run of failures: the endpoint stays locked while the mail is handed
 * over and is marked in the same transaction, so a second run of the job sends nothing (as tasks'
 * reminder mails). A run that ended before the job ran mails nobody.
 */
async function sendEndpointNotice(deps: AppDeps, data: NoticeJobData): Promise<void> {
  await deps.database.withWorkspace(data.workspaceId, async (tx) => {
    const row = await store.lockNoticeMail(tx, data.endpointId);
    if (!row?.email || !row.failureAlertedAt || row.noticeMailedAt || !row.failingSince) return;
    const name = `${row.firstName} ${row.lastName}`.trim() || row.email;
    await createMailProvider(deps.config, deps.log).send({
      to: row.email,
      subject: serverMessage('operations.endpointNoticeSubject').text,
      text: serverMessage('operations.endpointNoticeBody', {
        name,
        url: row.url,
        since: utc(new Date(row.failingSince)),
        error: row.lastError ?? '—',
      }).text,
    });
    await store.markNoticeMailed(tx, data.endpointId, now(deps));
  });
}

export const endpointNoticeJobDefinition: JobDefinition<NoticeJobData> = {
  name: endpointNoticeJobName,
  handler: (data, deps) => sendEndpointNotice(deps, data),
};
