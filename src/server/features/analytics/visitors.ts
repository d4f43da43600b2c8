import { createCipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { VisitorIdentifyRequest } from '@domain/analytics/analytics-schemas';
import { pathPatternLike } from '@domain/analytics/path-pattern';
import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { Database, Tx } from '../../db/database.js';
import { findContact, upsertContactByIdentity } from '../contacts/index.js';
import { findWebsiteRow, listWebsiteRows } from '../websites/index.js';
import * as store from './store.js';

/*
 * Visitors known as contacts (issue 32 §2). The tracker never learns who anyone is: a visitor is a hash
 * of the day's salt, the site, the address and the browser. When that visitor identifies themselves on
 * the site (a form, a signed link from a campaign email), the hash's contact is recorded for that day,
 * the visitor's earlier views of that day are attached to the contact (marked as made before
 * identification), and the ingest stamps each later view with the contact's id. Another day's hash is
 * another visitor, and the day bounds every query besides. The workspace's switch turns all of it off.
 */

export interface VisitorIdentity {
  websiteId: number;
  ip: string;
  userAgent: string;
  at: Date;
  contactId: number;
}

/** 48 bits of sha-256(salt, site, IP, user agent): unique enough per site and day, exact as a JS number. */
export function visitorHash(salt: Buffer, site: store.SiteRef, ip: string, userAgent: string): number {
  return createHash('sha256')
    .update(salt)
    .update(`${site.workspaceId}:${site.websiteId}\n${ip}\n${userAgent}`)
    .digest()
    .readUIntBE(0, 6);
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The day's salt, read once a day per process (the ingest's hashes and the forms' A/B split share it). */
export function createSaltOfDay(database: Database): (day: string) => Promise<Buffer> {
  let salt: { day: string; value: Promise<Buffer> } | null = null;
  return (day) => {
    if (salt?.day !== day) {
      const value = database.withPlatform((tx) => store.dailySalt(tx, day, randomBytes(32)));
      value.catch(() => {
        if (salt?.value === value) salt = null;
      });
      salt = { day, value };
    }
    return salt.value;
  };
}

/**
 * Records that the visitor (site, the UTC day of `at`, daily hash) is the contact and attaches that
 * day's anonymous views of theirs. Does nothing when the workspace has the switch off or the contact is
 * gone; true when linked.
 */
export async function linkVisitor(
  tx: Tx,
  visitor: { websiteId: number; visitorId: number; contactId: number; at: Date },
): Promise<boolean> {
  if (!(await store.linkVisitorsOn(tx))) return false;
  const row = { ...visitor, day: dayOf(visitor.at) };
  if (!(await store.upsertVisitorContact(tx, row))) return false;
  await store.attachEarlierEvents(tx, row);
  return true;
}

/** Today's visitor of the site behind this address and browser is the contact (a form's sender). */
export async function identifyVisitor(tx: Tx, identity: VisitorIdentity): Promise<boolean> {
  if (!(await store.linkVisitorsOn(tx))) return false;
  const salt = await store.dailySalt(tx, dayOf(identity.at), randomBytes(32));
  const site = { workspaceId: await store.currentWorkspaceId(tx), websiteId: identity.websiteId, domain: '' };
  return linkVisitor(tx, {
    websiteId: identity.websiteId,
    visitorId: visitorHash(salt, site, identity.ip, identity.userAgent),
    contactId: identity.contactId,
    at: identity.at,
  });
}

/**
 * A checkout on the workspace's own server names its buyer (`POST /api/analytics/identify`): the contact is
 * found or created through the ingestion port, as a form's sender is, and the buyer's visitor of today on
 * that site is linked exactly as a form links its sender (the same hash of address and browser, the same
 * day, the same switch). Off, the contact is still recorded: the checkout happened, only the views stay
 * anonymous.
 */
export async function identifyBuyer(tx: Tx, input: VisitorIdentifyRequest, at: Date) {
  const website = await findWebsiteRow(tx, input.websiteId);
  if (!website) throw AppError.badRequest('websiteId', serverMessage('websites.notFound'));
  const [firstName = null, ...rest] = (input.name ?? '').split(/\s+/).filter(Boolean);
  const { contact, created } = await upsertContactByIdentity(
    tx,
    {
      email: input.email,
      phone: input.phone ?? null,
      firstName,
      lastName: rest.join(' ') || null,
      source: website.name,
    },
    { via: 'manual' },
  );
  const linked = await identifyVisitor(tx, {
    websiteId: website.id,
    ip: input.visitor.ip,
    userAgent: input.visitor.userAgent,
    at,
    contactId: contact.id,
  });
  return { contactId: contact.id, created, linked };
}

export const linkVisitorsOn = store.linkVisitorsOn;

/** How many page views seen as the contact match the path pattern ('*' for any run of characters). */
export function countContactPageViews(tx: Tx, contactId: number, pathPattern: string): Promise<number> {
  return store.countContactPageViews(tx, contactId, pathPatternLike(pathPattern));
}

// ---- the signed link of a campaign email ----

/** The URL parameter that carries the contact token to the tracker. */
export const linkTokenParam = 'hub_ct';
/** Minted when the link is clicked: the landing page sends it within seconds. */
export const linkTokenLifetimeMs = 3_600_000;

const keyOf = (secret: string, use: string) =>
  createHmac('sha256', secret).update(`visitor-link:${use}`).digest();

export interface LinkTokenClaims {
  workspaceId: number;
  contactId: number;
  expiresAt: Date;
}

/**
 * A contact token: the workspace, the contact and the expiry, encrypted (no contact id in the URL), then
 * signed with an HMAC of the server's secret over the whole. base64url, 70 characters.
 */
export function signLinkToken(secret: string, claims: LinkTokenClaims): string {
  const plain = Buffer.alloc(20);
  plain.writeBigUInt64BE(BigInt(claims.workspaceId), 0);
  plain.writeBigUInt64BE(BigInt(claims.contactId), 8);
  plain.writeUInt32BE(Math.floor(claims.expiresAt.getTime() / 1000), 16);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-ctr', keyOf(secret, 'enc'), iv);
  const body = Buffer.concat([iv, cipher.update(plain), cipher.final()]);
  const mac = createHmac('sha256', keyOf(secret, 'mac')).update(body).digest().subarray(0, 16);
  return Buffer.concat([body, mac]).toString('base64url');
}

/** The token's workspace and contact, or null when it is not ours, was altered, or has expired. */
export function readLinkToken(
  secret: string,
  token: string,
  at: Date,
): { workspaceId: number; contactId: number } | null {
  if (!/^[A-Za-z0-9_-]{70}$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== 52) return null;
  const body = raw.subarray(0, 36);
  const expected = createHmac('sha256', keyOf(secret, 'mac')).update(body).digest().subarray(0, 16);
  if (!timingSafeEqual(raw.subarray(36), expected)) return null;
  // CTR decrypts with the same operation that encrypts.
  const cipher = createCipheriv('aes-256-ctr', keyOf(secret, 'enc'), body.subarray(0, 16));
  const plain = Buffer.concat([cipher.update(body.subarray(16)), cipher.final()]);
  if (plain.readUInt32BE(16) * 1000 <= at.getTime()) return null;
  return { workspaceId: Number(plain.readBigUInt64BE(0)), contactId: Number(plain.readBigUInt64BE(8)) };
}

function onSite(host: string, domain: string) {
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * Where a campaign email's click sends the contact: a page of one of the workspace's websites carries a
 * fresh contact token (the tracker there reads it and identifies the visitor); any other page, or with
 * the switch off, the destination as it was linked.
 */
export async function destinationForContact(
  tx: Tx,
  secret: string,
  target: { url: string; contactId: number; at: Date },
): Promise<string> {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    return target.url;
  }
  const host = url.hostname.toLowerCase();
  if (!(await listWebsiteRows(tx)).some((site) => onSite(host, site.domain))) return target.url;
  if (!(await store.linkVisitorsOn(tx))) return target.url;
  const token = signLinkToken(secret, {
    workspaceId: await store.currentWorkspaceId(tx),
    contactId: target.contactId,
    expiresAt: new Date(target.at.getTime() + linkTokenLifetimeMs),
  });
  // Appended to the query as written, so every other parameter and the fragment stay exactly as linked.
  const hash = target.url.indexOf('#');
  const base = hash === -1 ? target.url : target.url.slice(0, hash);
  const fragment = hash === -1 ? '' : target.url.slice(hash);
  return `${base}${base.includes('?') ? '&' : '?'}${linkTokenParam}=${token}${fragment}`;
}

// ---- the switch and the contact's page views ----

export async function readAnalyticsSettings(tx: Tx): Promise<{ linkVisitors: boolean }> {
  return { linkVisitors: await store.linkVisitorsOn(tx) };
}

export async function writeAnalyticsSettings(
  tx: Tx,
  patch: { linkVisitors?: boolean },
): Promise<{ linkVisitors: boolean }> {
  if (patch.linkVisitors !== undefined) await store.setLinkVisitors(tx, patch.linkVisitors);
  return readAnalyticsSettings(tx);
}

/** The latest page views on a contact's timeline. */
export const contactPageViewLimit = 200;

/** The contact's latest page views (404 for a contact the workspace does not have). */
export async function contactPageViewsOf(tx: Tx, contactId: number) {
  if (!(await findContact(tx, contactId)))
    throw new AppError('not_found', serverMessage('contacts.notFound'));
  return store.listContactPageViews(tx, contactId, contactPageViewLimit);
}
