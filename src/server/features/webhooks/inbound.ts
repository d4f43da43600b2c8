import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import { type FeatureFlag, flagEventPrefixes } from '@domain/superhub/superhub-schemas';
import type { InboundEvent } from '@domain/webhooks/webhook-schemas';
import type { Database, Tx } from '../../db/database.js';
import { createGroupCommit, type GroupCommit, writePerWorkspace } from '../../db/group-commit.js';
import type { AppDeps } from '../../deps.js';
import { emitContactEvent } from '../../events/contact-events.js';
import { recordActivity } from '../activities/index.js';
import { findContactIdByEmail } from '../contacts/index.js';
import { emitAppEvent } from './app-events.js';
import { enqueueDeliveries, messageBody } from './deliveries.js';
import { storeAndAnnounce } from './live-bus.js';
import * as store from './store.js';

/** A verified event from an app, on its way to being stored. */
export interface InboundItem {
  appId: number;
  webhookId: string;
  event: InboundEvent;
  at: Date;
}

/** An item whose app's workspace is known. */
interface AppItem extends InboundItem {
  workspaceId: number;
}

export type Received = { duplicate: boolean; id: number | null };

/** The flag whose event family this type belongs to, if any. */
function familyFlag(type: string): FeatureFlag | null {
  for (const [flag, prefix] of Object.entries(flagEventPrefixes))
    if (type.startsWith(prefix)) return flag as FeatureFlag;
  return null;
}

const refused = () => new AppError('unauthenticated', serverMessage('operations.badSignature'));

/** The entity an event is about, for endpoints that keep one entity's deliveries in order: its `data.id`. */
function orderingKeyOf(data: Record<string, unknown> | undefined): string | null {
  const id = data?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id).slice(0, 200) : null;
}

/**
 * One workspace's events in one transaction: stored once per webhook id, counted and announced (one
 * statement), forwarded by their triggers, recorded as activities when their family's flag is on. An
 * event whose app the workspace no longer has is refused like a bad signature.
 */
async function storeBatch(
  deps: Pick<AppDeps, 'queue' | 'clock'>,
  tx: Tx,
  workspaceId: number,
  items: AppItem[],
): Promise<(Received | Error)[]> {
  const { features, events } = await storeAndAnnounce(
    tx,
    workspaceId,
    items.map(({ appId, webhookId, event, at }) => ({
      appId,
      appName: null,
      source: 'app',
      webhookId,
      type: event.type,
      status: event.status ?? 'ok',
      tag: event.tag ?? null,
      description: event.description ?? event.type,
      payload: event,
      at,
    })),
  );
  const deliveries: Parameters<typeof enqueueDeliveries>[3] = [];
  for (const [index, item] of items.entries()) {
    const { id, appName, endpoints } = events[index];
    if (id === null || appName === null) continue;
    const { event, appId, at } = item;
    const status = event.status ?? 'ok';
    for (const endpointId of endpoints)
      deliveries.push({
        endpointId,
        eventId: id,
        webhookId: `msg_ev${id}`,
        eventType: event.type,
        orderingKey: orderingKeyOf(event.data),
        body: messageBody(
          event.type,
          { app: appName, app_id: appId, status, tag: event.tag ?? null, event: event.data ?? {} },
          at,
        ),
      });
    const flag = familyFlag(event.type);
    if (flag && features[flag])
      await recordActivity(tx, `operations_${flag}`, `${appName}: ${event.description ?? event.type}`);
    await emitAppEvent(tx, { appId, type: event.type, data: event.data ?? {} });
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
  }
  await enqueueDeliveries(deps, tx, workspaceId, deliveries);
  return events.map(({ id, appName }) => (appName === null ? refused() : { duplicate: id === null, id }));
}

/**
 * An app's workspace never changes, so each process remembers it after the first event: a batch then
 * needs no look-up before its transaction. Whether the app still exists is checked as its events are
 * stored. Bounded: one entry per app id seen recently.
 */
const appWorkspaces = new WeakMap<Database, Map<number, number>>();

async function workspacesOf(database: Database, appIds: number[]): Promise<Map<number, number>> {
  let known = appWorkspaces.get(database);
  if (!known) {
    known = new Map();
    appWorkspaces.set(database, known);
  }
  const missing = appIds.filter((id) => !known.has(id));
  if (missing.length > 0) {
    const found = await store.inboundAppWorkspaces(database.db, missing);
    if (known.size + found.size > 10_000) known.clear();
    for (const [appId, workspaceId] of found) known.set(appId, workspaceId);
  }
  return known;
}

/**
 * The events of a batch: each app's workspace (an app that does not exist is refused like a bad
 * signature), then stored one transaction per workspace.
 */
async function writeBatch(deps: AppDeps, batch: InboundItem[]): Promise<(Received | Error)[]> {
  const workspaces = await workspacesOf(deps.database, [...new Set(batch.map((item) => item.appId))]);
  const results: (Received | Error)[] = new Array(batch.length);
  const items = batch.map((item, index): AppItem | undefined => {
    const workspaceId = workspaces.get(item.appId);
    if (workspaceId !== undefined) return { ...item, workspaceId };
    results[index] = refused();
    return undefined;
  });
  return writePerWorkspace(
    deps.database,
    items,
    (tx, workspaceId, list) => storeBatch(deps, tx, workspaceId, list),
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
