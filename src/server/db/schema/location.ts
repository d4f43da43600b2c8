import { bigint, doublePrecision, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIdentityColumn, workspaceIdColumn } from './columns.js';

export const memberLocations = pgTable(
  'member_locations',
  {
    workspaceId: workspaceIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracyMeters: doublePrecision('accuracy_meters'),
    address: text('address'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

export const geofenceAlerts = pgTable(
  'geofence_alerts',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
    distanceMiles: doublePrecision('distance_miles').notNull(),
    message: text('message').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
