import { messageRef, type StoredMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { enqueueDeliveries, messageBody } from './deliveries.js';
import { storeAndAnnounce } from './live-bus.js';

/**
 * An event about the workspace's own records (contacts merged), not any one app's: stored and shown in the
 * event log like a hub event, and sent to every endpoint whose triggers name its type, in the caller's
 * transaction (the deliveries exist exactly when the change commits). `webhookId` makes it once-only.
 */
export async function emitWorkspaceEvent(
  deps: Pick<AppDeps, 'queue' | 'clock'>,
  tx: Tx,
  workspaceId: number,
  e: { type: string; webhookId: string; line: StoredMessage; data: Record<string, unknown>; at: Date },
): Promise<void> {
  const { events } = await storeAndAnnounce(tx, workspaceId, [
    {
      appId: null,
      appName: 'Business Hub',
      source: 'hub',
      webhookId: e.webhookId,
      type: e.type,
      status: 'ok',
      tag: 'hub',
      description: e.line.text,
      message: messageRef(e.line),
      payload: e.data,
      at: e.at,
    },
  ]);
  const [stored] = events;
  if (stored?.id == null) return;
  const eventId = stored.id;
  await enqueueDeliveries(
    deps,
    tx,
    workspaceId,
    stored.endpoints.map((endpointId) => ({
      endpointId,
      eventId,
      webhookId: `msg_ev${eventId}`,
      eventType: e.type,
      body: messageBody(e.type, e.data, e.at),
    })),
  );
}
