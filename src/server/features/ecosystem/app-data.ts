import { AppError } from '@domain/app-error';
import { demoAppsPath, type MappableField } from '@domain/ecosystem/ecosystem-schemas';
import { type ServerMessage, serverMessage } from '@domain/messages';
import type { Config } from '../../config.js';
import {
  addressPolicyFrom,
  createOutboundClient,
  type OutboundClient,
  ownOrigin,
} from '../../http/outbound.js';
import {
  type ColumnMapping,
  type CsvItem,
  mapHeader,
  normalizeHeader,
  readCsvItems,
} from '../imports/index.js';

/** Pages one endpoint may link through `next` before the rest is refused (a loop or a runaway feed). */
const maxPages = 2_000;

/** What an endpoint sent that cannot be collected: its reason is catalogued, stored with the result. */
export class EndpointDataError extends Error {
  constructor(readonly reason: ServerMessage) {
    super(reason.text);
  }
}

export interface AppFetcher {
  /** Fetches an app's URL (a /demo-apps/ path is this server's own) through the guarded client. */
  get(
    url: string,
    header?: { name: string; value: string } | null,
  ): Promise<{ url: string; text: string; body: Buffer }>;
  close(): Promise<void>;
}

/**
 * Every fetch of an app's data goes through the guarded outbound client: public addresses only, plus
 * this server's own origin (the demo apps' simulator) on loopback, bounded in time and size.
 */
export function createAppFetcher(config: Config): AppFetcher {
  const origin = ownOrigin(config);
  const client: OutboundClient = createOutboundClient({
    policy: addressPolicyFrom(config),
    publicUrl: config.PUBLIC_URL,
    connectTimeoutMs: Math.min(5_000, config.OUTBOUND_TIMEOUT_MS),
    totalTimeoutMs: config.OUTBOUND_TIMEOUT_MS,
    maxBytes: config.OUTBOUND_MAX_BYTES,
    maxRedirects: 3,
    ownOrigins: [origin],
  });
  return {
    async get(url, header) {
      const internal = url.startsWith(demoAppsPath);
      const response = await client.fetch(internal ? new URL(url, origin).toString() : url, {
        internal,
        headers: {
          accept: 'application/json, text/csv;q=0.9, */*;q=0.1',
          ...(header ? { [header.name]: header.value } : {}),
        },
      });
      return { url: response.url, text: response.text(), body: response.body };
    },
    close: () => client.close(),
  };
}

/** Why an endpoint failed, catalogued for the person who runs the collection (in their language). */
export function failureReason(error: unknown): ServerMessage {
  if (error instanceof EndpointDataError) return error.reason;
  // OutboundError (network, size, address) and the plan limit are AppErrors, safe to show.
  return AppError.storedLine(error, serverMessage('ecosystem.endpointUnreadable'));
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function recordsOf(parsed: unknown): { records: unknown[]; next: string | null } {
  if (Array.isArray(parsed)) return { records: parsed, next: null };
  if (parsed && typeof parsed === 'object' && Array.isArray((parsed as { data?: unknown }).data)) {
    const next = (parsed as { next?: unknown }).next;
    return {
      records: (parsed as { data: unknown[] }).data,
      next: typeof next === 'string' && next ? next : null,
    };
  }
  throw new EndpointDataError(serverMessage('ecosystem.notJsonList', { shape: '{"data": [...]}' }));
}

/**
 * An endpoint's rows as CSV items, the header first, whatever the endpoint speaks: a JSON array,
 * `{data: [...]}` (following `next` links page by page), or CSV. JSON rows become cells under the
 * keys of the first page, so JSON and CSV go through the same mapping and validation as an import.
 */
export async function* endpointItems(
  fetcher: AppFetcher,
  url: string,
  format: 'json' | 'csv',
  header?: { name: string; value: string } | null,
): AsyncGenerator<CsvItem> {
  if (format === 'csv') {
    const response = await fetcher.get(url, header);
    for await (const items of readCsvItems(
      (async function* () {
        yield response.body;
      })(),
    ))
      yield* items;
    return;
  }
  let keys: string[] | null = null;
  let line = 1;
  let next: string | null = url;
  const seen = new Set<string>();
  for (let page = 0; next; page += 1) {
    if (page >= maxPages)
      throw new EndpointDataError(serverMessage('ecosystem.tooManyPages', { pages: maxPages }));
    const response = await fetcher.get(next, header);
    if (seen.has(response.url)) throw new EndpointDataError(serverMessage('ecosystem.nextLinksLoop'));
    seen.add(response.url);
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.text);
    } catch {
      throw new EndpointDataError(serverMessage('ecosystem.invalidJson'));
    }
    const { records, next: link } = recordsOf(parsed);
    if (keys === null) {
      const found = new Set<string>();
      for (const r of records) if (r && typeof r === 'object') for (const k of Object.keys(r)) found.add(k);
      keys = [...found];
      yield { fields: keys, line: 0 };
    }
    for (const record of records) {
      line += 1;
      if (!record || typeof record !== 'object' || Array.isArray(record)) {
        yield { error: 'The row is not a JSON object', line };
        continue;
      }
      const values = record as Record<string, unknown>;
      yield { fields: (keys as string[]).map((k) => cellText(values[k])), line };
    }
    next = link ? new URL(link, response.url).toString() : null;
  }
}

/** The import's header mapping, with the endpoint's own field mapping taking precedence. */
export function mappingFor(
  header: string[],
  fieldMapping: Partial<Record<MappableField, string>>,
): ColumnMapping {
  const mapping = mapHeader(header);
  // Data from an app always has the app as its source, whatever a column says.
  delete mapping.columns.source;
  for (const [field, key] of Object.entries(fieldMapping) as [MappableField, string][]) {
    const index = header.findIndex((h) => h === key || normalizeHeader(h) === normalizeHeader(key));
    if (index >= 0) mapping.columns[field] = index;
  }
  return mapping;
}
