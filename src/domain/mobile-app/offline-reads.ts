import type { SessionAnswer } from '../auth/session-schemas.js';

/*
 * What the service worker keeps for reading offline (docs/areas/mobile-app.md). The service worker imports
 * this file, so it stays free of zod and of anything else a worker should not carry.
 */

/** The one cache of personal data: the contacts and deals the user's screens read, and whose they are. */
export const offlineReadsCache = 'offline-reads';

/** The most answers kept, and for how long: a week of recent reading, not a copy of the CRM. */
export const offlineReadsLimits = { maxEntries: 150, maxAgeSeconds: 7 * 24 * 60 * 60 } as const;

/**
 * The session answer (who is signed in, in which workspace) names the owner of the cache: a different
 * owner, or nobody, empties it. Offline it is what lets the shell show the same user's data again.
 */
export const sessionPath = '/api/auth/session';

/**
 * The reads of the contacts and deals a user looks at: the contact list and a contact's details, the deal
 * board, deal lists (a contact's deals) and a deal. Counts, statistics, exports and every other route are
 * never kept.
 */
const offlineReadPaths: readonly RegExp[] = [
  /^\/api\/contacts$/,
  /^\/api\/contacts\/\d+$/,
  /^\/api\/deals$/,
  /^\/api\/deals\/board$/,
  /^\/api\/deals\/\d+$/,
];

/** Whether the service worker keeps the answer to this request for offline reading. */
export function isOfflineRead(method: string, pathname: string): boolean {
  return method === 'GET' && offlineReadPaths.some((path) => path.test(pathname));
}

/** Whose data a session answer makes the cache hold: the user in one workspace, or null when signed out. */
export function ownerOf(answer: SessionAnswer): string | null {
  return answer.user ? `${answer.user.id}:${answer.user.workspace.id}` : null;
}
