import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import {
  type FeatureFlag,
  flagEventPrefixes,
  hubEvents,
  type InboundEvent,
  type LiveEvent,
} from '@domain/operations/operations-schemas';
import type { Database, Tx } from '../../db/database.js';
import { createGroupCommit, type GroupCommit, writePerWorkspace } from '../../db/group-commit.js';
import type { AppDeps } from '../../deps.js';
import { emitContactEvent } from '../../events/contact-events.js';
import { recordActivity } from '../activities/service.js';
import { findContactIdByEmail } from '../contacts/service.js';
import { enqueueDeliveries, messageBody } from './deliveries.js';
import { acknowledgeIntegration } from './integration.js';
import { announceAll, toLive } from './live-bus.js';
import * as store from './store.js';

/** A verified event from an app, on its way to being stored. */
export interface InboundItem {
  appId: number;
  webhookId: string;
  event: InboundEvent;
  at: Date;
}

/** An item whose app is known: its workspace and name. */
interface AppItem extends InboundItem {
  workspaceId: number;
  appName: string;
}

export type Received = { duplicate: boolean; id: number | null };

/** The flag whose event family this type belongs to, if any. */
function familyFlag(type: string): FeatureFlag | null {
  for (const [flag, prefix] of Object.entries(flagEventPrefixes))
    if (type.startsWith(prefix)) return flag as FeatureFlag;
  return null;
}

/**
 * One workspace's events in one transaction: stored once per webhook id and counted (one statement),
 * forwarded by their triggers, recorded as activities when their family's flag is on, and announced.
 */
async function storeEvents(
  deps: Pick<AppDeps, 'queue' | 'clock'>,
  tx: Tx,
  workspaceId: number,
  items: AppItem[],
): Promise<Received[]> {
  const features = await store.readFeatures(tx);
  const ids = await store.insertEvents(
    tx,
    items.map(({ appId, appName, webhookId, event, at }) => ({
      appId,
      appName,
      source: 'app',
      webhookId,
      type: event.type,
      status: event.status ?? 'ok',
      tag: event.tag ?? null,
      description: event.description ?? event.type,
      payload: features.webhook_logging ? event : null,
      at,
    })),
  );
  const triggers = new Map<string, number[]>();
  const live: LiveEvent[] = [];
  const deliveries: Parameters<typeof enqueueDeliveries>[3] = [];
  for (const [index, item] of items.entries()) {
    const id = ids[index];
    if (id === null) continue;
    const { event, appId, appName, at } = item;
    const status = event.status ?? 'ok';
    const description = event.description ?? event.type;
    let endpoints = triggers.get(event.type);
    if (!endpoints) {
      endpoints = await store.triggeredEndpoints(tx, event.type);
      triggers.set(event.type, endpoints);
    }
    for (const endpointId of endpoints)
      deliveries.push({
        endpointId,
        eventId: id,
        webhookId: `msg_ev${id}`,
        type: event.type,
        body: messageBody(
          event.type,
          { app: appName, app_id: appId, status, tag: event.tag ?? null, event: event.data ?? {} },
          at,
        ),
      });
    const flag = familyFlag(event.type);
    if (flag && features[flag]) await recordActivity(tx, `operations_${flag}`, `${appName}: ${description}`);
    if (event.type === hubEvents.ack) await acknowledgeIntegration(tx, appId, event.data?.nonce);
    // An event naming a contact by email (a form filled in, a purchase in the app) may start workflows.
    const email = event.data?.email;
    const contactId = typeof email === 'string' ? await findContactIdByEmail(tx, email.slice(0, 320)) : null;
    if (contactId !== null)
      await emitContactEvent(tx, {
        type: 'contact.app_event',
        contactId,
        eventType: event.type,
        eventId: id,
      });
    live.push(toLive(id, appName, { type: event.type, status, description }, at));
  }
  await enqueueDeliveries(deps, tx, workspaceId, deliveries);
  await announceAll(tx, workspaceId, live);
  return ids.map((id) => ({ duplicate: id === null, id }));
}

/**
 * The events of a batch: their apps looked up in one statement (an app removed since its event was
 * signed is refused like a bad signature), then stored one transaction per workspace.
 */
async function writeBatch(deps: AppDeps, batch: InboundItem[]): Promise<(Received | Error)[]> {
  const apps = await store.inboundApps(deps.database.db, [...new Set(batch.map((item) => item.appId))]);
  const results: (Received | Error)[] = new Array(batch.length);
  const items = batch.map((item, index): AppItem | undefined => {
    const app = apps.get(item.appId);
    if (app) return { ...item, workspaceId: app.workspaceId, appName: app.name };
    results[index] = new AppError('unauthenticated', serverMessage('operations.badSignature'));
    return undefined;
  });
  return writePerWorkspace(
    deps.database,
    items,
    (tx, workspaceId, list) => storeEvents(deps, tx, workspaceId, list),
    results,
  );
}

const batchers = new WeakMap<Database, GroupCommit<InboundItem, Received>>();

/**
 * Inbound events are group-committed: the events that arrive while a batch is being written share the
 * next transaction, so one commit (and one NOTIFY lock, which PostgreSQL holds across a commit) serves
 * many requests. Each request is answered once its event is committed.
 */
export function inboundFor(deps: AppDeps): GroupCommit<InboundItem, Received> {
  let batcher = batchers.get(deps.database);
  if (!batcher) {
    batcher = createGroupCommit((items) => writeBatch(deps, items));
    batchers.set(deps.database, batcher);
  }
  return batcher;
}
