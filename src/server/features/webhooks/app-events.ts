import type { Tx } from '../../db/database.js';

/** A verified event an app sent, as it was stored. */
export interface AppEvent {
  appId: number;
  type: string;
  data: Record<string, unknown>;
}

export type AppEventListener = (tx: Tx, event: AppEvent) => Promise<void>;

const listeners = new Map<string, Set<AppEventListener>>();

/**
 * Lets another area act on one type of app event inside the transaction that stores it (Phase 3 completes
 * an integration on the app's signed acknowledgement) without this area depending on it. Returns the
 * function that removes the listener (an app removes its own when it closes).
 */
export function onAppEvent(type: string, listener: AppEventListener): () => void {
  const set = listeners.get(type) ?? new Set<AppEventListener>();
  listeners.set(type, set);
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(type);
  };
}

export async function emitAppEvent(tx: Tx, event: AppEvent): Promise<void> {
  // One after the other: a transaction is one connection.
  for (const listener of listeners.get(event.type) ?? []) await listener(tx, event);
}
