import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '@domain/app-error';
import type { BookingWebhook, ExitReason, ExitRules } from '@domain/automation/workflow-schemas';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import type { ContactEventListener } from '../../events/contact-events.js';
import { findContactIdByEmail } from '../contacts/index.js';
import { cancelRunMessages } from '../marketing/index.js';
import * as store from './store.js';

/**
 * What happened to the contact that may end its sequences. 'left_segment' comes from the segments'
 * live membership (`contact.segment_left`), matched against the rules' `leftSegmentId` (set through the
 * API until the builder offers segments).
 */
export type ExitHappening =
  | { reason: 'replied' }
  | { reason: 'booked_meeting' }
  | { reason: 'unsubscribed' }
  | { reason: 'deal_stage'; stage: string }
  | { reason: 'left_segment'; segmentId: number };

function ruleFires(rules: ExitRules, happening: ExitHappening): boolean {
  switch (happening.reason) {
    case 'replied':
      return rules.replied;
    case 'booked_meeting':
      return rules.bookedMeeting;
    case 'unsubscribed':
      return rules.unsubscribed;
    case 'deal_stage':
      return rules.dealStage === happening.stage;
    case 'left_segment':
      return (rules.leftSegmentId ?? null) === happening.segmentId;
  }
}

/**
 * Ends the contact's live sequence runs whose rules say so, in the caller's transaction. Each run row
 * is locked first — the lock every step of the runner takes before it acts and under which it checks
 * the run is still going — and the run's messages not yet claimed for sending are stopped, so once this
 * commits no step of the run sends (see docs/areas/automation.md, "No send after the exit").
 */
export async function exitSequences(
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  contactId: number,
  happening: ExitHappening,
): Promise<number> {
  const live = await store.lockLiveSequenceRuns(tx, contactId);
  const ids = live.filter((r) => ruleFires(r.exitRules, happening)).map((r) => r.id);
  if (ids.length === 0) return 0;
  await store.exitRunRows(tx, ids, happening.reason satisfies ExitReason, now(deps));
  await cancelRunMessages(tx, ids);
  return ids.length;
}

/** Replies, unsubscribes, deal stages and segment exits end sequences as they are recorded (same transaction). */
export function sequenceExitListener(deps: Pick<AppDeps, 'clock'>): ContactEventListener {
  return async (tx, event) => {
    if (event.type === 'contact.email_received')
      await exitSequences(deps, tx, event.contactId, { reason: 'replied' });
    else if (event.type === 'contact.unsubscribed')
      await exitSequences(deps, tx, event.contactId, { reason: 'unsubscribed' });
    else if (event.type === 'contact.deal_stage_changed')
      await exitSequences(deps, tx, event.contactId, { reason: 'deal_stage', stage: event.stage });
    else if (event.type === 'contact.segment_left')
      await exitSequences(deps, tx, event.contactId, { reason: 'left_segment', segmentId: event.segmentId });
  };
}

// ---- the scheduling provider's booking webhook ----

export const bookingWebhookPath = (workspaceId: number) => `/api/sequences/bookings/${workspaceId}`;

/** Derived from the server's key and the workspace: nothing to store, the same on every server. */
export function bookingSecret(secretKey: string, workspaceId: number): string {
  return createHmac('sha256', secretKey).update(`booking-webhook:${workspaceId}`).digest('base64url');
}

export function bookingWebhook(deps: AppDeps, origin: string, workspaceId: number): BookingWebhook {
  return {
    url: `${origin}${bookingWebhookPath(workspaceId)}`,
    secret: bookingSecret(deps.config.secretKey, workspaceId),
  };
}

/** Calendly's signature may be this old at most (its own advice against replays). */
const calendlyToleranceMs = 5 * 60_000;

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

const hmacHex = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

/** Which provider signed the body, or null when no signature holds. */
function verifiedProvider(
  secret: string,
  rawBody: string,
  headers: Record<string, unknown>,
  at: Date,
): 'cal.com' | 'calendly' | null {
  const cal = headers['x-cal-signature-256'];
  if (typeof cal === 'string') return sameHex(hmacHex(secret, rawBody), cal.trim()) ? 'cal.com' : null;
  const calendly = headers['calendly-webhook-signature'];
  if (typeof calendly !== 'string') return null;
  const parts = Object.fromEntries(
    calendly.split(',').map((p) => {
      const [k, ...v] = p.trim().split('=');
      return [k, v.join('=')];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || typeof parts.v1 !== 'string') return null;
  if (Math.abs(at.getTime() - t * 1000) > calendlyToleranceMs) return null;
  return sameHex(hmacHex(secret, `${t}.${rawBody}`), parts.v1) ? 'calendly' : null;
}

/** The invitee's email of a new booking, or null for an event that is not one. */
function bookedEmail(provider: 'cal.com' | 'calendly', body: Record<string, unknown>): string | null {
  const payload = (body.payload ?? {}) as Record<string, unknown>;
  if (provider === 'cal.com') {
    if (body.triggerEvent !== 'BOOKING_CREATED') return null;
    const attendees = Array.isArray(payload.attendees) ? payload.attendees : [];
    const email = (attendees[0] as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? email : '';
  }
  if (body.event !== 'invitee.created') return null;
  return typeof payload.email === 'string' ? payload.email : '';
}

/**
 * A booking from Cal.com (`BOOKING_CREATED`) or Calendly (`invitee.created`), signed with the
 * workspace's secret: the invitee's contact leaves the sequences that exit on a booked meeting. Other
 * events are acknowledged and change nothing.
 */
export async function receiveBooking(
  deps: AppDeps,
  workspaceId: number,
  rawBody: string,
  headers: Record<string, unknown>,
): Promise<{ received: true; contactFound: boolean; runsExited: number }> {
  const provider = verifiedProvider(
    bookingSecret(deps.config.secretKey, workspaceId),
    rawBody,
    headers,
    now(deps),
  );
  if (!provider) throw new AppError('unauthenticated', serverMessage('operations.badSignature'));
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw AppError.badRequest('body', serverMessage('operations.badEventBody'));
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw AppError.badRequest('body', serverMessage('operations.badEventBody'));
  const email = bookedEmail(provider, body as Record<string, unknown>);
  if (email === null) return { received: true, contactFound: false, runsExited: 0 };
  if (email === '' || email.length > 320)
    throw AppError.badRequest(
      provider === 'cal.com' ? 'payload.attendees.0.email' : 'payload.email',
      serverMessage('operations.badEventBody'),
    );
  return deps.database.withWorkspace(workspaceId, async (tx) => {
    const contactId = await findContactIdByEmail(tx, email);
    if (contactId === null) return { received: true as const, contactFound: false, runsExited: 0 };
    const runsExited = await exitSequences(deps, tx, contactId, { reason: 'booked_meeting' });
    return { received: true as const, contactFound: true, runsExited };
  });
}
