import { randomUUID } from 'node:crypto';
import { AppError } from '@domain/app-error';
import { type StoredMessage, serverMessage, storedMessage } from '@domain/messages';
import { hubEvents } from '@domain/webhooks/webhook-schemas';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { recordActivity } from '../activities/index.js';
import { probeUrl } from '../monitoring/index.js';
import { findAppOps, inboundUrl, listAppOps, markDeployed, sendToApp } from '../webhooks/index.js';
import * as store from './store.js';

export const integrateJobName = 'ops-integrate';
export const integrateTimeoutJobName = 'ops-integrate-timeout';
/** How long the app has to send back its signed acknowledgement of the handshake. */
export const ackWaitSeconds = 60;

interface IntegrateJobData {
  workspaceId: number;
  appId: number;
  nonce: string;
}

function queueIntegration(deps: Pick<AppDeps, 'queue'>, data: IntegrateJobData, tx?: Tx) {
  return deps.queue.send(integrateJobName, data, { singletonKey: `integrate-${data.nonce}`, tx });
}

/** Starts an app's integration: it becomes 'integrating' now, and the queue works its steps. */
export async function startIntegration(
  deps: Pick<AppDeps, 'queue'>,
  tx: Tx,
  workspaceId: number,
  appId: number,
) {
  const app = await findAppOps(tx, appId, true);
  if (!app) throw new AppError('not_found', serverMessage('ecosystem.appNotFound'));
  if (app.integrationStatus === 'integrating' || app.integrationStatus === 'active')
    throw new AppError('conflict', serverMessage('operations.integrationRunning', { name: app.name }));
  const nonce = randomUUID();
  await store.setIntegration(tx, appId, { status: 'integrating', step: 0, error: null, nonce });
  await queueIntegration(deps, { workspaceId, appId, nonce }, tx);
  return { app_id: appId, status: 'integrating' as const };
}

/** After a restore (in its transaction, inside the new workspace): an integration it brought does not go on. */
export async function stopIntegrationsAfterRestore(tx: Tx): Promise<void> {
  await store.failUnfinishedIntegrations(tx, serverMessage('backups.stoppedByRestore'));
}

/** Starts every app that is neither integrating nor active. */
export async function startAllIntegrations(deps: Pick<AppDeps, 'queue'>, tx: Tx, workspaceId: number) {
  const apps = (await listAppOps(tx)).filter(
    (a) => a.integrationStatus !== 'integrating' && a.integrationStatus !== 'active',
  );
  for (const app of apps) await startIntegration(deps, tx, workspaceId, app.id);
  return { summary: { total_apps: apps.length } };
}

/** How an app answered one of the hub's events: 'HTTP 500', or 'no answer'. */
function answerOf(statusCode: number | null): StoredMessage {
  return statusCode === null
    ? serverMessage('operations.noAnswer')
    : serverMessage('outbound.status', { status: statusCode });
}

/**
 * The steps, each committed as it is done (so progress is real and a restarted job resumes): probe the
 * app, deploy its webhook config (a signed `webhook.deployed` it must take with 2xx), send the handshake
 * naming where to acknowledge; the app's signed `integration.ack` then makes it active.
 */
export async function runIntegration(deps: AppDeps, { workspaceId, appId, nonce }: IntegrateJobData) {
  const current = () => deps.database.withWorkspace(workspaceId, (tx) => findAppOps(tx, appId));
  const advance = (step: number, error: StoredMessage | null = null) =>
    deps.database.withWorkspace(workspaceId, async (tx) => {
      const app = await findAppOps(tx, appId, true);
      if (!app || app.integrationNonce !== nonce || app.integrationStatus !== 'integrating') return false;
      await store.setIntegration(tx, appId, { status: error ? 'error' : 'integrating', step, error });
      if (error)
        await recordActivity(
          tx,
          'operations_integration_failed',
          storedMessage('activity.integrationFailed', { app: app.name, reason: error }),
        );
      return true;
    });
  let app = await current();
  if (!app || app.integrationNonce !== nonce || app.integrationStatus !== 'integrating') return;
  if (app.integrationStep < 1) {
    const probe = await probeUrl(deps.config, app.url, 10_000);
    if (!probe.up) {
      await advance(
        0,
        storedMessage('operations.appDidNotAnswer', {
          reason: probe.message ?? serverMessage('operations.probeFailed'),
        }),
      );
      return;
    }
    if (!(await advance(1))) return;
  }
  app = await current();
  if (!app || app.integrationStep < 2) {
    const deployed = await sendToApp(
      deps,
      workspaceId,
      appId,
      hubEvents.deployed,
      { inbound_url: inboundUrl(deps.config, appId) },
      `msg_int_${nonce.replaceAll('-', '')}_deploy`,
    );
    if (!deployed.success) {
      await advance(1, storedMessage('operations.configRefused', { answer: answerOf(deployed.statusCode) }));
      return;
    }
    await deps.database.withWorkspace(workspaceId, (tx) => markDeployed(tx, appId, now(deps)));
    if (!(await advance(2))) return;
  }
  const handshake = await sendToApp(
    deps,
    workspaceId,
    appId,
    hubEvents.handshake,
    { nonce, ack_url: inboundUrl(deps.config, appId), ack_event: hubEvents.ack },
    `msg_int_${nonce.replaceAll('-', '')}_handshake`,
  );
  if (!handshake.success) {
    await advance(
      2,
      storedMessage('operations.handshakeRefused', { answer: answerOf(handshake.statusCode) }),
    );
    return;
  }
  if (!(await advance(3))) return;
  await deps.queue.send(
    integrateTimeoutJobName,
    { workspaceId, appId, nonce },
    {
      singletonKey: `integrate-timeout-${nonce}`,
      startAfter: new Date(now(deps).getTime() + ackWaitSeconds * 1000),
    },
  );
}

/**
 * The app's signed acknowledgement, carrying the handshake's nonce: the last step. It may arrive before
 * the hub has recorded the handshake's 2xx (the app acknowledges while answering); only the handshake
 * carried the nonce, so a matching one proves the handshake arrived.
 */
export async function acknowledgeIntegration(tx: Tx, appId: number, nonce: unknown): Promise<void> {
  const app = await findAppOps(tx, appId, true);
  if (app?.integrationStatus !== 'integrating') return;
  if (typeof nonce !== 'string' || nonce !== app.integrationNonce) return;
  await store.setIntegration(tx, appId, { status: 'active', step: 4, error: null });
  await recordActivity(
    tx,
    'operations_integration_active',
    serverMessage('activity.integrationActive', { app: app.name }),
  );
}

export const integrateJobDefinitions: JobDefinition[] = [
  {
    name: integrateJobName,
    concurrency: 2,
    handler: (data, deps) => runIntegration(deps, data as IntegrateJobData),
    recover: async (deps) => {
      const rows = await store.unfinishedIntegrations(deps.database.db);
      for (const row of rows) {
        const app = await deps.database.withWorkspace(row.workspaceId, (tx) => findAppOps(tx, row.appId));
        if (app?.integrationNonce)
          await queueIntegration(deps, {
            workspaceId: row.workspaceId,
            appId: row.appId,
            nonce: app.integrationNonce,
          });
      }
      return rows.length;
    },
  },
  {
    name: integrateTimeoutJobName,
    handler: async (data, deps) => {
      const { workspaceId, appId, nonce } = data as IntegrateJobData;
      await deps.database.withWorkspace(workspaceId, async (tx) => {
        const app = await findAppOps(tx, appId, true);
        if (!app || app.integrationNonce !== nonce || app.integrationStatus !== 'integrating') return;
        const error = serverMessage('operations.noAcknowledgement', { seconds: ackWaitSeconds });
        await store.setIntegration(tx, appId, { status: 'error', step: app.integrationStep, error });
        await recordActivity(
          tx,
          'operations_integration_failed',
          storedMessage('activity.integrationFailed', { app: app.name, reason: error }),
        );
      });
    },
  },
];
