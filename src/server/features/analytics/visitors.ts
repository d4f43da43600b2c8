import { randomBytes } from 'node:crypto';
import { pathPatternLike } from '@domain/analytics/path-pattern';
import type { Tx } from '../../db/database.js';
import { visitorHash } from './ingest.js';
import * as store from './store.js';

/*
 * Visitors known as contacts. The tracker never learns who anyone is: a visitor is a hash of the day's
 * salt, the site, the address and the browser. When that visitor identifies themselves on the site (a
 * form, a signed link: issue 32 §2), `identifyVisitor` records the hash's contact for that day, and the
 * ingest stamps each later view of that visitor with the contact's id. Another day's hash is another visitor.
 */

export interface VisitorIdentity {
  websiteId: number;
  ip: string;
  userAgent: string;
  at: Date;
  contactId: number;
}

/** Records that today's visitor of the site behind this address and browser is the contact. */
export async function identifyVisitor(tx: Tx, identity: VisitorIdentity): Promise<void> {
  const day = identity.at.toISOString().slice(0, 10);
  const salt = await store.dailySalt(tx, day, randomBytes(32));
  const site = { workspaceId: await store.currentWorkspaceId(tx), websiteId: identity.websiteId, domain: '' };
  await store.upsertVisitorContact(tx, {
    websiteId: identity.websiteId,
    day,
    visitorId: visitorHash(salt, site, identity.ip, identity.userAgent),
    contactId: identity.contactId,
  });
}

/** How many recorded page views of the contact match the path pattern ('*' for any run of characters). */
export function countContactPageViews(tx: Tx, contactId: number, pathPattern: string): Promise<number> {
  return store.countContactPageViews(tx, contactId, pathPatternLike(pathPattern));
}
