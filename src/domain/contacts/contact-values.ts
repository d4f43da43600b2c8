// The contact's fixed values, without zod or the phone-number metadata: every page shows statuses and
// sources, and only the contact forms need the validators (issue 10: the landing page's initial JavaScript).

/** Contact status (spec 000 §4), in pipeline order. */
export const contactStatuses = ['lead', 'qualified', 'customer', 'lost'] as const;
export type ContactStatus = (typeof contactStatuses)[number];

/** Relationship kinds the geofence colours nearby contacts by (spec 000 §3 "Nearby contact"). */
export const contactTypes = ['buyer', 'seller', 'investor', 'realtor', 'friend', 'family'] as const;
export type ContactType = (typeof contactTypes)[number];
export const contactTypeLabels: Record<ContactType, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  investor: 'Investor',
  realtor: 'Realtor',
  friend: 'Friend',
  family: 'Family',
};

export const timelineKinds = [
  'note',
  'email',
  'call',
  'message',
  'status_change',
  'import',
  'created',
  'updated',
  'form',
] as const;
export type TimelineKind = (typeof timelineKinds)[number];

/** The source of a contact that did not come through one of the workspace's websites. */
export const unknownSource = 'Unknown';

/** How a contact reached the CRM; decides the wording of its "created" timeline entry. */
export const contactVias = ['manual', 'email', 'phone', 'import', 'app', 'form'] as const;
export type ContactVia = (typeof contactVias)[number];

export const contactsPageSize = 10;
export const contactSortKeys = ['createdAt', 'name', 'value', 'lastContactedAt'] as const;
export type ContactSortKey = (typeof contactSortKeys)[number];

/** How a timeline line names a changed field ("Updated first name, email"); catalogued, so each reader reads their language. */
export const contactFieldLabels: Record<string, string> = {
  firstName: /*i18n*/ 'first name',
  lastName: /*i18n*/ 'last name',
  email: /*i18n*/ 'email',
  phone: /*i18n*/ 'phone',
  company: /*i18n*/ 'company',
  source: /*i18n*/ 'source',
  status: /*i18n*/ 'status',
  valueCents: /*i18n*/ 'value',
  lastContactedAt: /*i18n*/ 'last contact',
  address: /*i18n*/ 'address',
  city: /*i18n*/ 'city',
  state: /*i18n*/ 'state',
  zip: /*i18n*/ 'ZIP',
  latitude: /*i18n*/ 'location',
  contactType: /*i18n*/ 'contact type',
  tags: /*i18n*/ 'tags',
  notes: /*i18n*/ 'notes',
};
