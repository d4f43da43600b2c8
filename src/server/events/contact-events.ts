import type { Tx } from '../db/database.js';

/**
 * What happened to a contact, told to whoever listens (automation starts workflows on these) without
 * the contacts feature knowing who that is. Listeners run inside the writer's transaction, so what
 * they record (a run, its job) exists exactly when the contact change commits.
 */
export type ContactEvent =
  | { type: 'contact.created'; contactId: number }
  | { type: 'contact.status_changed'; contactId: number; from: string; to: string }
  | { type: 'contact.tag_added'; contactId: number; tag: string }
  /** An inbound email from the contact was filed (its processing job names it once). */
  | { type: 'contact.email_received'; contactId: number; emailJobId: number }
  /** A connected app sent an event (a form filled in, a purchase) whose data names the contact by email. */
  | { type: 'contact.app_event'; contactId: number; eventType: string; eventId: number }
  /** The contact sent a lead form (a submission, stored). */
  | { type: 'contact.form_submitted'; contactId: number; formId: number; submissionId: number }
  /** A page view of a visitor known as the contact was recorded (analytics ingest). */
  | { type: 'contact.page_visited'; contactId: number; websiteId: number; path: string }
  /** Any field or tag of the contact changed (after the status_changed and tag_added events of the change). */
  | { type: 'contact.updated'; contactId: number }
  /** One of the contact's deals was created, moved to another stage or deleted. */
  | { type: 'contact.deal_changed'; contactId: number }
  /** A campaign message to the contact was sent, opened, clicked or bounced. */
  | { type: 'contact.campaign_engaged'; contactId: number }
  /** The contact entered or left a segment (its live membership changed). */
  | { type: 'contact.segment_entered'; contactId: number; segmentId: number }
  | { type: 'contact.segment_left'; contactId: number; segmentId: number }
  /** The contact unsubscribed from marketing email (a message's unsubscribe link). */
  | { type: 'contact.unsubscribed'; contactId: number }
  /** One of the contact's deals entered a stage (created in it or moved to it). */
  | { type: 'contact.deal_stage_changed'; contactId: number; dealId: number; stage: string };

export type ContactEventListener = (tx: Tx, event: ContactEvent) => Promise<void>;

const listeners = new Set<ContactEventListener>();

/** Adds a listener; returns the function that removes it (an app removes its own when it closes). */
export function onContactEvent(listener: ContactEventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function emitContactEvent(tx: Tx, event: ContactEvent): Promise<void> {
  // One after the other: a transaction is one connection.
  for (const listener of listeners) await listener(tx, event);
}
