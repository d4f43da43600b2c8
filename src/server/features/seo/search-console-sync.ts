import { messageRef } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { now } from '../../deps.js';
import { addressPolicyFrom, createOutboundClient } from '../../http/outbound.js';
import type { Queue } from '../../jobs/queue.js';
import { heldWorkspaceIds } from '../../jobs/workspace-hold.js';
import { listTargetKeywords } from '../crawls/index.js';
import { open } from '../email/index.js';
import { listWebsiteRows } from '../websites/index.js';
import {
  fetchAccessToken,
  querySearchAnalytics,
  ranksOfKeywords,
  type SearchConsoleEndpoints,
  SearchConsoleError,
} from './search-console.js';
import * as store from './store.js';

export const searchConsoleSyncJobName = 'search-console-sync';
export interface SearchConsoleSyncData {
  workspaceId: number;
}

/** The sealed private key's purpose; its context is the workspace and the account, so a copied value never opens. */
export const privateKeyPurpose = 'search-console-private-key';
export const privateKeyContext = (workspaceId: number, clientEmail: string) =>
  `${workspaceId}:${clientEmail}`;

export const defaultProperty = (domain: string) => `sc-domain:${domain}`;

/** Queues a sync of the workspace's ranks (in `tx` when given, so it commits with what caused it). */
export async function queueSearchConsoleSync(queue: Queue, workspaceId: number, tx?: Tx): Promise<void> {
  await queue.send<SearchConsoleSyncData>(searchConsoleSyncJobName, { workspaceId }, { tx });
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Measures each website's target keywords over the last 28 full days. The network calls run outside any
 * transaction; each website's ranks and status are written in one. Running it twice measures twice and
 * stores the same answer, so a job repeated after a crash does no harm.
 */
export async function runSearchConsoleSync(data: SearchConsoleSyncData, deps: AppDeps): Promise<void> {
  const inWorkspace = <T>(fn: (tx: Tx) => Promise<T>) => deps.database.withWorkspace(data.workspaceId, fn);
  const state = await inWorkspace(async (tx) => {
    const connection = await store.findSearchConsoleConnection(tx);
    if (!connection) return null;
    const known = new Set((await store.listSearchConsoleSites(tx)).map((s) => s.websiteId));
    // Websites added since the connection get their domain's property.
    for (const website of await listWebsiteRows(tx))
      if (!known.has(website.id))
        await store.upsertSearchConsoleSite(tx, website.id, defaultProperty(website.domain));
    const keywords = await listTargetKeywords(tx);
    return { connection, sites: await store.listSearchConsoleSites(tx), keywords };
  });
  if (!state) return;
  const { connection, sites, keywords } = state;
  const endpoints: SearchConsoleEndpoints = {
    tokenUrl: deps.config.GOOGLE_OAUTH_TOKEN_URL,
    apiUrl: deps.config.SEARCH_CONSOLE_API_URL,
  };
  const client = createOutboundClient({
    policy: addressPolicyFrom(deps.config),
    publicUrl: deps.config.PUBLIC_URL,
    connectTimeoutMs: Math.min(deps.config.OUTBOUND_TIMEOUT_MS, 10_000),
    totalTimeoutMs: deps.config.OUTBOUND_TIMEOUT_MS,
    maxBytes: deps.config.OUTBOUND_MAX_BYTES,
    maxRedirects: 0,
  });
  const record = (websiteId: number, error: SearchConsoleError) => {
    if (error.cause) deps.log.warn({ err: error.cause, websiteId }, 'search console sync failed');
    return inWorkspace((tx) =>
      store.recordSearchConsoleSync(tx, websiteId, {
        status: error.failure,
        error: error.reason.text,
        errorMessage: messageRef(error.reason),
      }),
    );
  };
  try {
    const key = {
      client_email: connection.clientEmail,
      private_key: open(
        deps.config.secretKey,
        privateKeyPurpose,
        connection.sealedPrivateKey,
        privateKeyContext(data.workspaceId, connection.clientEmail),
      ),
    };
    const today = now(deps);
    let token: string;
    try {
      token = await fetchAccessToken(client, endpoints, key, today);
    } catch (error) {
      if (!(error instanceof SearchConsoleError)) throw error;
      for (const site of sites) await record(site.websiteId, error);
      return;
    }
    const end = new Date(today.getTime() - 86_400_000);
    const range = {
      startDate: isoDay(new Date(end.getTime() - 27 * 86_400_000)),
      endDate: isoDay(end),
      rowLimit: 5000,
    };
    for (const site of sites) {
      try {
        const rows = await querySearchAnalytics(client, endpoints, token, site.property, range);
        const ranks = ranksOfKeywords(rows, keywords.get(site.websiteId) ?? []);
        await inWorkspace(async (tx) => {
          await store.replaceRanks(
            tx,
            site.websiteId,
            ranks.map((r) => ({ ...r, measuredOn: range.endDate })),
          );
          await store.recordSearchConsoleSync(tx, site.websiteId, {
            status: 'ok',
            error: null,
            errorMessage: null,
          });
        });
      } catch (error) {
        if (!(error instanceof SearchConsoleError)) throw error;
        await record(site.websiteId, error);
      }
    }
  } finally {
    await client.close();
  }
}

/** The daily sync of every connected workspace. */
export async function queueDailySearchConsoleSyncs(deps: AppDeps): Promise<void> {
  // A restored workspace nobody has started yet syncs nothing by itself.
  const held = await heldWorkspaceIds(deps.database.db);
  for (const workspaceId of await store.searchConsoleWorkspacesEverywhere(deps.database.db))
    if (!held.has(workspaceId)) await queueSearchConsoleSync(deps.queue, workspaceId);
}
