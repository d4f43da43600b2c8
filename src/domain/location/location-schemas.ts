import { z } from 'zod';
import { nearbyRadiusMiles } from './geofence.js';

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

/** POST /api/location/update: the member's position from the browser. */
export const locationUpdateSchema = z.object({
  latitude,
  longitude,
  accuracy: z.number().min(0).max(1_000_000).nullable().optional(),
});

export const geofenceAlertSchema = z.object({
  id: z.number(),
  contactId: z.number(),
  message: z.string(),
  distance: z.number(),
});
export type GeofenceAlert = z.infer<typeof geofenceAlertSchema>;

/** Where the member is, by name, and the contacts newly announced as nearby. */
export const locationUpdateResultSchema = z.object({
  location: z.object({ address: z.string(), latitude: z.number(), longitude: z.number() }),
  alerts: z.array(geofenceAlertSchema),
});
export type LocationUpdateResult = z.infer<typeof locationUpdateResultSchema>;

export const nearbyContactsQuerySchema = z.object({
  latitude: z.coerce.number().pipe(latitude),
  longitude: z.coerce.number().pipe(longitude),
  radius: z.coerce.number().positive().max(100).default(nearbyRadiusMiles),
});

/** GET /api/location/nearby-contacts: one contact near the point, nearest first. */
export const nearbyContactSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  contact_type: z.string().nullable(),
  last_known_location: z.string().nullable(),
  distance_miles: z.number(),
  // Beyond the spec's fields: where the contact is, for the card's map.
  latitude,
  longitude,
});
export type NearbyContact = z.infer<typeof nearbyContactSchema>;
