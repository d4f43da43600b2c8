import { requestJson } from '@client/lib/api';
import { nearbyRadiusMiles } from '@domain/location/geofence';
import { locationUpdateResultSchema, nearbyContactSchema } from '@domain/location/location-schemas';
import { z } from 'zod';

export async function sendLocation(position: { latitude: number; longitude: number; accuracy: number }) {
  return requestJson(locationUpdateResultSchema, 'POST', '/api/location/update', position);
}

export async function fetchNearbyContacts(position: { latitude: number; longitude: number }) {
  const query = new URLSearchParams({
    latitude: String(position.latitude),
    longitude: String(position.longitude),
    radius: String(nearbyRadiusMiles),
  });
  return requestJson(z.array(nearbyContactSchema), 'GET', `/api/location/nearby-contacts?${query}`);
}
