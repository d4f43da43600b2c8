import { createPrivateKey, sign } from 'node:crypto';
import { type StoredMessage, serverMessage, storedMessage } from '@domain/messages';
import { z } from 'zod';
import type { OutboundClient } from '../../http/outbound.js';
import { OutboundError } from '../../http/outbound-error.js';

/**
 * Google Search Console adapter (issue 13 §2: keyword rank). A service account signs a JWT (RS256) that the
 * token endpoint exchanges for an access token, which reads the Search Analytics of one property. Every
 * request goes through the guarded outbound client.
 */

export const searchConsoleScope = 'https://www.googleapis.com/auth/webmasters.readonly';

export interface SearchConsoleEndpoints {
  /** GOOGLE_OAUTH_TOKEN_URL, https://oauth2.googleapis.com/token by default. */
  tokenUrl: string;
  /** SEARCH_CONSOLE_API_URL, https://searchconsole.googleapis.com by default. */
  apiUrl: string;
}

/** The two fields of a Google service-account key file that signing needs. */
export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
}

/** True when `pem` is an RSA private key node:crypto can sign with (what Google's key files hold). */
export function isRsaPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

/** Why Search Console refused: recorded on the site with its catalogued reason. */
export type SearchConsoleFailure = 'unauthorized' | 'forbidden' | 'rate_limited' | 'failed';

export class SearchConsoleError extends Error {
  constructor(
    readonly failure: SearchConsoleFailure,
    readonly httpStatus: number | null,
    readonly reason: StoredMessage,
    options?: { cause: unknown },
  ) {
    super(reason.text, options);
    this.name = 'SearchConsoleError';
  }
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The signed assertion of RFC 7523 that Google's token endpoint takes from a service account. */
export function signServiceAccountAssertion(
  key: ServiceAccountKey,
  audience: string,
  now = new Date(),
): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      iss: key.client_email,
      scope: searchConsoleScope,
      aud: audience,
      iat: issuedAt,
      exp: issuedAt + 3600,
    }),
  );
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${claims}`), key.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
}

function failureOf(error: unknown, step: 'token' | 'query'): SearchConsoleError {
  const status = error instanceof OutboundError ? (error.httpStatus ?? null) : null;
  if (status === 401 || (status === 400 && step === 'token'))
    return new SearchConsoleError(
      'unauthorized',
      status,
      serverMessage('siteHealth.searchConsoleUnauthorized'),
    );
  if (status === 403)
    return new SearchConsoleError('forbidden', status, serverMessage('siteHealth.searchConsoleForbidden'));
  if (status === 429)
    return new SearchConsoleError(
      'rate_limited',
      status,
      serverMessage('siteHealth.searchConsoleRateLimited'),
    );
  // The outbound client's refusal is worded for users; anything else (an answer that does not parse) may
  // quote internals, so it is only named unreadable and kept as the cause for the log.
  const reason =
    (error instanceof OutboundError && error.catalogued()) ||
    serverMessage('siteHealth.searchConsoleUnreadable');
  const line = storedMessage(
    step === 'token' ? 'siteHealth.searchConsoleTokenFailed' : 'siteHealth.searchConsoleQueryFailed',
    { reason },
  );
  return new SearchConsoleError('failed', status, line, { cause: error });
}

const tokenAnswerSchema = z.object({ access_token: z.string().min(1) });

export async function fetchAccessToken(
  client: OutboundClient,
  endpoints: SearchConsoleEndpoints,
  key: ServiceAccountKey,
  now = new Date(),
): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
    assertion: signServiceAccountAssertion(key, endpoints.tokenUrl, now),
  }).toString();
  try {
    const response = await client.fetch(endpoints.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    return tokenAnswerSchema.parse(JSON.parse(response.text())).access_token;
  } catch (error) {
    throw failureOf(error, 'token');
  }
}

const analyticsAnswerSchema = z.object({
  rows: z
    .array(
      z.object({
        keys: z.tuple([z.string(), z.string()]),
        clicks: z.number(),
        impressions: z.number(),
        position: z.number(),
      }),
    )
    .default([]),
});

export interface SearchAnalyticsRow {
  query: string;
  page: string;
  clicks: number;
  impressions: number;
  /** Average position in Google's results (1 is the top). */
  position: number;
}

/** searchAnalytics.query by query and page for one property (`sc-domain:example.com` or a URL prefix). */
export async function querySearchAnalytics(
  client: OutboundClient,
  endpoints: SearchConsoleEndpoints,
  accessToken: string,
  property: string,
  range: { startDate: string; endDate: string; rowLimit: number },
): Promise<SearchAnalyticsRow[]> {
  const url = `${endpoints.apiUrl.replace(/\/$/, '')}/webmasters/v3/sites/${encodeURIComponent(property)}/searchAnalytics/query`;
  try {
    const response = await client.fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...range, dimensions: ['query', 'page'] }),
    });
    return analyticsAnswerSchema.parse(JSON.parse(response.text())).rows.map((row) => ({
      query: row.keys[0],
      page: row.keys[1],
      clicks: row.clicks,
      impressions: row.impressions,
      position: row.position,
    }));
  } catch (error) {
    throw failureOf(error, 'query');
  }
}

/**
 * Each target keyword's measurement: the rows whose query is the keyword (case-insensitive), on the keyword's
 * page when Search Console reports it there, else anywhere on the property; position is impression-weighted.
 */
export function ranksOfKeywords(
  rows: readonly SearchAnalyticsRow[],
  keywords: readonly { path: string; keyword: string }[],
): { keyword: string; path: string; position: number; clicks: number; impressions: number }[] {
  return keywords.flatMap((k) => {
    const forQuery = rows.filter((r) => r.query.toLowerCase() === k.keyword.toLowerCase());
    const onPage = forQuery.filter((r) => pathOf(r.page) === k.path);
    const chosen = onPage.length > 0 ? onPage : forQuery;
    const impressions = chosen.reduce((sum, r) => sum + r.impressions, 0);
    if (chosen.length === 0 || impressions === 0) return [];
    const position = chosen.reduce((sum, r) => sum + r.position * r.impressions, 0) / impressions;
    return [
      {
        keyword: k.keyword,
        path: k.path,
        position: Math.round(position * 10) / 10,
        clicks: chosen.reduce((sum, r) => sum + r.clicks, 0),
        impressions,
      },
    ];
  });
}

function pathOf(page: string): string | null {
  try {
    return new URL(page).pathname;
  } catch {
    return null;
  }
}
