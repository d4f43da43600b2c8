import { alertCoolingMinutes, alertRadiusMiles, maxAlertsShown } from '@domain/location/geofence';
import type { LocationUpdateResult, NearbyContact } from '@domain/location/location-schemas';
import type { Tx } from '../../db/database.js';
import type { Member } from '../../http/session.js';
import { formatPlace, geocoder } from '../../providers/geocoding/index.js';
import { findContactsNear } from './nearby-store.js';
import * as store from './store.js';

export const maxNearbyContacts = 50;

/** Distances are shown to a tenth of a mile; the raw float would suggest precision the data lacks. */
const roundMiles = (miles: number) => Math.round(miles * 10) / 10;

function contactName(c: NearbyContact): string {
  return `${c.first_name} ${c.last_name}`.trim() || c.email || 'A contact';
}

export function formatAlertMessage(c: NearbyContact): string {
  const who = contactName(c);
  const type = c.contact_type ? ` (${c.contact_type})` : '';
  const where = c.last_known_location ? ` near ${c.last_known_location}` : '';
  return `${who}${type} is ${roundMiles(c.distance_miles).toFixed(1)} miles away${where}`;
}

/**
 * POST /api/location/update: stores the member's position, names it from the nearest ZIP code,
 * and raises an alert for each contact within the alert radius that was not announced to this
 * member within the cooling period.
 */
export async function updateLocation(
  tx: Tx,
  member: Member,
  input: { latitude: number; longitude: number; accuracy?: number | null },
): Promise<LocationUpdateResult> {
  const place = await geocoder.reverse(input);
  const address = place ? formatPlace(place) : `${input.latitude.toFixed(4)}, ${input.longitude.toFixed(4)}`;
  await store.saveMemberLocation(tx, {
    userId: member.userId,
    latitude: input.latitude,
    longitude: input.longitude,
    accuracyMeters: input.accuracy ?? null,
    address: place ? address : null,
  });

  await store.lockMemberAlerts(tx, member.userId);
  const near = await findContactsNear(tx, input, alertRadiusMiles, maxAlertsShown * 4);
  const since = new Date(Date.now() - alertCoolingMinutes * 60_000);
  const cooled = await store.recentlyAlertedContactIds(
    tx,
    member.userId,
    near.map((c) => c.id),
    since,
  );
  const fresh = near.filter((c) => !cooled.has(c.id)).slice(0, maxAlertsShown);
  const inserted = await store.insertAlerts(
    tx,
    fresh.map((c) => ({
      userId: member.userId,
      contactId: c.id,
      distanceMiles: c.distance_miles,
      message: formatAlertMessage(c),
    })),
  );
  return {
    location: { address, latitude: input.latitude, longitude: input.longitude },
    alerts: inserted.map((a) => ({
      id: a.id,
      contactId: a.contactId,
      message: a.message,
      distance: roundMiles(a.distanceMiles),
    })),
  };
}

export async function listNearbyContacts(
  tx: Tx,
  query: { latitude: number; longitude: number; radius: number },
): Promise<NearbyContact[]> {
  const rows = await findContactsNear(tx, query, query.radius, maxNearbyContacts);
  return rows.map((r) => ({ ...r, distance_miles: roundMiles(r.distance_miles) }));
}
