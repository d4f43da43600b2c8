import type { Contact } from '@domain/contacts/contact-schemas';
import type { ContactRow } from './store.js';

/** A contact row as the API answers it. */
export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    companyId: row.companyId,
    source: row.source,
    status: row.status,
    valueCents: row.valueCents,
    lastContactedAt: row.lastContactedAt?.toISOString() ?? null,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    latitude: row.latitude,
    longitude: row.longitude,
    contactType: row.contactType,
    tags: row.tags,
    notes: row.notes,
    ownerId: row.ownerId,
    properties: row.properties,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
