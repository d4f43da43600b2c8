import { createRequire } from 'node:module';
import type { IngestEvent } from '@domain/analytics/analytics-schemas';
import { AppError } from '@domain/app-error';
import { isbot } from 'isbot';
import type { Database, Tx } from '../../db/database.js';
import { createGroupCommit } from '../../db/group-commit.js';
import { isPgError } from '../../db/pg-errors.js';
import { emitContactEvent } from '../../events/contact-events.js';
import { demoCredentials } from '../../seed/demo-workspace.js';
import {
  type EventRow,
  ensurePartition,
  insertEvents,
  lookupDemoSite,
  lookupSiteByKey,
  type SiteRef,
} from './store.js';
import { createSaltOfDay, linkVisitor, readLinkToken, visitorHash } from './visitors.js';

/** Site keys of the form demo-<n> name the demo workspace's website n: the product's own pages report there. */
const demoKeyPattern = /^demo-([1-9]\d{0,2})$/;

export interface IngestRequest {
  ip: string;
  userAgent: string;
  /** The Do Not Track header. */
  dnt: string | undefined;
  origin: string | undefined;
  /** Our own host, which the demo keys accept as origin. */
  host: string | undefined;
}

export type IngestOutcome = { recorded: boolean; allowOrigin: string | null };

export interface Ingest {
  /** Resolves once the event is committed (or was filtered out); the caller answers only then. */
  accept(event: IngestEvent, request: IngestRequest): Promise<IngestOutcome>;
  /** Writes what is waiting now (also on shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface IngestOptions {
  /** Injected in tests to move the calendar (the salt rotates at 00:00 UTC). */
  now?: () => Date;
  /** Verifies the contact tokens of campaign links (the server's secret); without it they are ignored. */
  secretKey?: string;
  onError?: (error: unknown) => void;
}

const siteCacheMs = 60_000;
const siteCacheMax = 10_000;

type GeoIp = { lookup(ip: string): { country: string } | null };
let geoip: GeoIp | null = null;
/** Loaded on the first event (about 15 MB of ranges), not at boot. */
function countryOf(ip: string): string {
  geoip ??= createRequire(import.meta.url)('geoip-country') as GeoIp;
  return geoip.lookup(ip)?.country ?? '';
}

function hostMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export function deviceOf(width: number | undefined, userAgent: string): 'mobile' | 'tablet' | 'desktop' {
  if (width === undefined || width === 0)
    return /Mobi|Android|iPhone/i.test(userAgent) ? 'mobile' : 'desktop';
  if (width < 576) return 'mobile';
  if (width < 992) return 'tablet';
  return 'desktop';
}

/** Where the visit came from: utm_source if tagged, else the referring host unless it is the site itself. */
export function sourceOf(page: URL, referrer: string | undefined): string {
  const utm = page.searchParams.get('utm_source')?.trim();
  if (utm) return utm.slice(0, 255);
  const refHost = hostOf(referrer);
  if (!refHost || refHost === page.hostname.toLowerCase()) return '';
  return refHost.replace(/^www\./, '').slice(0, 255);
}

/** `identifies`: the contact a valid link token named; the visitor becomes it before the event is written. */
type Row = EventRow & { workspaceId: number; identifies?: number };

/** Writes one workspace's events and tells the contact-event listeners of each known contact's page view. */
async function recordEvents(tx: Tx, events: Row[]): Promise<void> {
  for (const event of events) {
    if (event.identifies === undefined) continue;
    await linkVisitor(tx, {
      websiteId: event.websiteId,
      visitorId: event.visitorId,
      contactId: event.identifies,
      at: event.occurredAt,
    });
  }
  for (const view of await insertEvents(tx, events)) {
    await emitContactEvent(tx, {
      type: 'contact.page_visited',
      contactId: view.contact_id,
      websiteId: view.website_id,
      path: view.path,
    });
  }
}

/** Events that will share one write, and the promise their requests wait on. */
/**
 * The collection side: filters (Do Not Track, bots, wrong origin), hashes the visitor, and group-commits
 * the events (`createGroupCommit`; one transaction per workspace, so row-level security applies to each).
 * Each request is answered only after its event is committed, so a crash loses no event that was acknowledged.
 */
export function createIngest(database: Database, options: IngestOptions = {}): Ingest {
  const now = options.now ?? (() => new Date());
  const sites = new Map<string, { site: SiteRef | null; expires: number }>();

  async function resolveSite(key: string): Promise<SiteRef | null> {
    const cached = sites.get(key);
    const at = Date.now();
    if (cached && cached.expires > at) return cached.site;
    const demo = demoKeyPattern.exec(key);
    const site = demo
      ? await lookupDemoSite(database.db, demoCredentials.email, Number(demo[1]))
      : await lookupSiteByKey(database.db, key);
    if (sites.size >= siteCacheMax) sites.clear();
    sites.set(key, { site, expires: at + siteCacheMs });
    return site;
  }

  const saltOf = createSaltOfDay(database);

  async function write(batch: Row[]): Promise<void> {
    const byWorkspace = new Map<number, Row[]>();
    for (const event of batch) {
      const list = byWorkspace.get(event.workspaceId);
      if (list) list.push(event);
      else byWorkspace.set(event.workspaceId, [event]);
    }
    for (const [workspaceId, events] of byWorkspace) {
      try {
        await database.withWorkspace(workspaceId, (tx) => recordEvents(tx, events));
      } catch (error) {
        // 23514: no partition for a row (a clock far ahead, or the partition job not yet run). Create, retry once.
        if (!isPgError(error, 'checkViolation')) throw error;
        for (const month of new Set(events.map((e) => e.occurredAt.toISOString().slice(0, 7)))) {
          await ensurePartition(database.db, `${month}-01`);
        }
        await database.withWorkspace(workspaceId, (tx) => recordEvents(tx, events));
      }
    }
  }

  const events = createGroupCommit<Row, undefined>(async (rows) => {
    await write(rows);
    return rows.map(() => undefined);
  }, options.onError);

  return {
    async accept(event, request) {
      if (request.dnt === '1' || isbot(request.userAgent)) return { recorded: false, allowOrigin: null };
      const site = await resolveSite(event.s);
      if (!site) throw AppError.badRequest('s', 'Unknown site key');
      const page = new URL(event.u);
      const originHost = hostOf(request.origin);
      const isDemo = demoKeyPattern.test(event.s);
      const allowed = isDemo
        ? originHost !== null && originHost === hostOf(`http://${request.host}`)
        : originHost !== null && hostMatches(originHost, site.domain);
      if (!allowed) throw new AppError('forbidden', 'Events are accepted only from the website itself.');
      if (!isDemo && !hostMatches(page.hostname.toLowerCase(), site.domain)) {
        throw AppError.badRequest('u', 'The page is not on this website');
      }
      const at = now();
      const visitorId = visitorHash(
        await saltOf(at.toISOString().slice(0, 10)),
        site,
        request.ip,
        request.userAgent,
      );
      const claims = event.c && options.secretKey ? readLinkToken(options.secretKey, event.c, at) : null;
      const written = events.submit({
        workspaceId: site.workspaceId,
        // A token of another workspace names none of this one's contacts.
        ...(claims?.workspaceId === site.workspaceId ? { identifies: claims.contactId } : {}),
        websiteId: site.websiteId,
        occurredAt: at,
        visitorId,
        name: event.n,
        path: page.pathname.slice(0, 512),
        source: sourceOf(page, event.r),
        utmMedium: page.searchParams.get('utm_medium')?.slice(0, 255) ?? '',
        utmCampaign: page.searchParams.get('utm_campaign')?.slice(0, 255) ?? '',
        country: countryOf(request.ip),
        device: deviceOf(event.w, request.userAgent),
        props: event.p ? JSON.stringify(event.p) : null,
      });
      try {
        await written;
      } catch {
        throw new AppError('unavailable', 'The event could not be recorded; try again.');
      }
      return { recorded: true, allowOrigin: request.origin ?? null };
    },
    flush: events.flush,
    close: events.flush,
  };
}

const ingests = new WeakMap<Database, Ingest>();

/** One batcher per database connection pool: the routes and, in tests, the code that flushes it share it. */
export function ingestFor(database: Database, options?: IngestOptions): Ingest {
  let ingest = ingests.get(database);
  if (!ingest) {
    ingest = createIngest(database, options);
    ingests.set(database, ingest);
  }
  return ingest;
}
