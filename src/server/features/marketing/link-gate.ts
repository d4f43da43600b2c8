import type { FailingLink } from '@domain/marketing/campaign-schemas';
import { emailLinks } from '@domain/marketing/email-links';
import type { AppDeps } from '../../deps.js';
import {
  addressPolicyFrom,
  createOutboundClient,
  type OutboundClient,
  ownOrigin,
} from '../../http/outbound.js';
import { OutboundError } from '../../http/outbound-error.js';
import { crawledStatuses } from '../crawls/index.js';
import type { CampaignRow } from './store.js';
import * as store from './store.js';

/** Every address a campaign's mail links to or loads: its body and each A/B variant's. */
export function campaignLinks(row: Pick<CampaignRow, 'body' | 'abTest'>): string[] {
  const bodies = [row.body, ...(row.abTest?.variants.map((v) => v.body) ?? [])];
  return [...new Set(bodies.flatMap(emailLinks))];
}

/** Servers that refuse HEAD answer these (or an error) where GET works: such a link is asked again by GET. */
const headRefused = new Set([400, 403, 404, 405, 406, 429, 500, 501, 503]);

/** The status the URL answers (redirects followed), or null when nothing answered. */
async function liveStatus(client: OutboundClient, url: string): Promise<number | null> {
  try {
    const head = await client.fetch(url, { method: 'HEAD', acceptErrorStatus: true });
    if (!headRefused.has(head.status)) return head.status;
    return (await client.fetch(url, { method: 'GET', acceptErrorStatus: true })).status;
  } catch (error) {
    // A body too large to read still answered: the page is there.
    if (error instanceof OutboundError && error.kind === 'too_large') return 200;
    return null;
  }
}

/**
 * The pre-send check (issue 33 §2): which of these links answer 4xx/5xx. A link that does not answer at
 * all (no DNS name, a timeout) does not hold the mail: from here that may be this server's own network,
 * and the crawl reports it as broken anyway. A URL the latest
 * crawl of one of the workspace's websites fetched takes that crawl's answer (the crawl is the cache);
 * any other is asked once per check through the guarded client (HEAD, then GET where HEAD is refused).
 * The product's own pages (its origin) are its own to serve and are not asked.
 */
export async function checkLinks(deps: AppDeps, workspaceId: number, urls: string[]): Promise<FailingLink[]> {
  const own = ownOrigin(deps.config);
  const external = urls.filter((u) => new URL(u).origin !== own);
  if (external.length === 0) return [];
  const crawled = await deps.database.withWorkspace(workspaceId, (tx) => crawledStatuses(tx, external));
  const failing: FailingLink[] = [];
  const unknown: string[] = [];
  for (const url of external) {
    const known = crawled.get(url);
    if (!known) unknown.push(url);
    else if (known.httpStatus !== null && known.httpStatus >= 400)
      failing.push({ url, status: known.httpStatus });
  }
  if (unknown.length === 0) return failing;
  const client = createOutboundClient({
    policy: addressPolicyFrom(deps.config),
    publicUrl: deps.config.PUBLIC_URL,
    connectTimeoutMs: 5_000,
    totalTimeoutMs: 10_000,
    maxBytes: 256 * 1024,
    maxRedirects: 5,
  });
  try {
    for (const url of unknown) {
      const status = await liveStatus(client, url);
      if (status !== null && status >= 400) failing.push({ url, status });
    }
  } finally {
    await client.close();
  }
  return failing.sort((a, b) => urls.indexOf(a.url) - urls.indexOf(b.url));
}

/**
 * A workflow email's gate, before its first delivery: its links (as merged for its contact) are checked
 * once; failing ones hold it instead of sending. True when it is held.
 */
export async function holdWorkflowMessageForLinks(
  deps: AppDeps,
  workspaceId: number,
  messageId: number,
): Promise<boolean> {
  const message = await deps.database.withWorkspace(workspaceId, (tx) =>
    store.uncheckedWorkflowMessage(tx, messageId),
  );
  if (!message) return false;
  const failing = await checkLinks(deps, workspaceId, emailLinks(message.body));
  const status = await deps.database.withWorkspace(workspaceId, (tx) =>
    store.settleWorkflowMessageLinks(tx, messageId, failing),
  );
  return status === 'held';
}
