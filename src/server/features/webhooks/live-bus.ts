import { type MessageRef, messageRef, type StoredMessage } from '@domain/messages';
import type { LiveEvent } from '@domain/webhooks/webhook-schemas';
import pg from 'pg';
import type { Tx } from '../../db/database.js';
import { type EventInsert, storeEvents } from './store.js';

/** The PostgreSQL channel that carries every new event to every app process. */
const channel = 'ops_events';

/**
 * Stores events (see store.storeEvents) and announces each new one to every process listening, this one
 * included. NOTIFY is transactional: delivered when the storing transaction commits, never on rollback.
 */
export function storeAndAnnounce(tx: Tx, workspaceId: number, events: EventInsert[]) {
  return storeEvents(
    tx,
    events.map((e) => ({ ...e, live: toLive(0, e.appName ?? '', e, e.at) })),
    { channel, workspaceId },
  );
}

export const toLive = (
  id: number,
  app: string,
  e: { type: string; status: string; description: string; message?: MessageRef | null },
  at: Date,
): LiveEvent => ({
  id,
  app,
  type: e.type,
  status: e.status,
  description: e.description,
  message: e.message ?? null,
  timestamp: at.toISOString(),
});

/** An event the hub itself raises (a monitor going down): stored, shown and announced like an app's. */
export async function raiseHubEvent(
  tx: Tx,
  workspaceId: number,
  at: Date,
  e: { appId: number; appName: string; webhookId: string; type: string; status: string; line: StoredMessage },
): Promise<void> {
  const event = { ...e, description: e.line.text, message: messageRef(e.line) };
  await storeAndAnnounce(tx, workspaceId, [{ ...event, source: 'hub', tag: 'hub', payload: null, at }]);
}

type Listener = (event: LiveEvent) => void;

export interface LiveBus {
  /** Calls `fn` with each new event of the workspace until the returned function is called. */
  subscribe(workspaceId: number, fn: Listener): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * One LISTEN connection per process, opened when the first screen subscribes, shared by every open
 * screen: an event stored by any process reaches the screens open on all of them.
 */
export function createLiveBus(pool: pg.Pool, log: { warn(o: object, m: string): void }): LiveBus {
  const listeners = new Map<number, Set<Listener>>();
  let client: Promise<pg.Client> | null = null;
  const connect = () => {
    client ??= (async () => {
      const c = new pg.Client(pool.options);
      c.on('notification', (message) => {
        if (message.channel !== channel || !message.payload) return;
        const { w, e } = JSON.parse(message.payload) as { w: number; e: LiveEvent };
        for (const fn of listeners.get(w) ?? []) fn(e);
      });
      // A dropped connection is opened again by the next subscriber; open screens fall back to polling.
      c.on('error', (error) => {
        log.warn({ err: error }, 'live events connection lost');
        client = null;
      });
      await c.connect();
      await c.query(`listen ${channel}`);
      return c;
    })();
    client.catch(() => {
      client = null;
    });
    return client;
  };
  return {
    async subscribe(workspaceId, fn) {
      await connect();
      const set = listeners.get(workspaceId) ?? new Set<Listener>();
      listeners.set(workspaceId, set);
      set.add(fn);
      return () => {
        set.delete(fn);
        if (set.size === 0) listeners.delete(workspaceId);
      };
    },
    async close() {
      const c = client;
      client = null;
      listeners.clear();
      if (c) await (await c).end();
    },
  };
}
