/*
 * The contacts area's public file: the only one other server features import from contacts (ADR 0008).
 * Its routes, the ingestion port that brings people in or touches them, the read model of counts and
 * look-ups, and the CRUD calls deals, automation and the assistant make on a contact they hold.
 */

export { toContact } from './contact-view.js';
export {
  addContactUnlessKnown,
  addTimelineEntry,
  assertContactCapacity,
  type ContactIdentityInput,
  markContacted,
  noteOnTimeline,
  placeAddresses,
  standardizeSources,
  tagUnknownSourcesByEmailDomain,
  upsertContactByIdentity,
} from './ingestion.js';
export {
  applyMergedFields,
  contactDisplayNames,
  lockContactsForMerge,
  removeMergedContacts,
} from './merging.js';
export {
  type Contact,
  contactsBySource,
  countContactsByStatus,
  countLeadsBySource,
  countWebsiteAudience,
  findCompany,
  findContact,
  findContactIdByEmail,
  findCustomerEmails,
  type SourceLeads,
  sourceTotals,
} from './read-model.js';
export { contactRoutes } from './routes.js';
export { createContact, listContacts, lockContact, updateContact } from './service.js';
