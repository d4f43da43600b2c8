import { apiRequest } from '@client/lib/api';
import { nearbyRadiusMiles } from '@domain/location/geofence';

export interface GeofenceAlert {
  id: number;
  contactId: number;
  message: string;
  distance: number;
}

export interface LocationUpdate {
  location: { address: string; latitude: number; longitude: number };
  alerts: GeofenceAlert[];
}

export interface NearbyContact {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  company: string | null;
  contact_type: string | null;
  last_known_location: string | null;
  distance_miles: number;
  latitude: number;
  longitude: number;
}

export async function sendLocation(position: { latitude: number; longitude: number; accuracy: number }) {
  return (await apiRequest('POST', '/api/location/update', position)).json() as Promise<LocationUpdate>;
}

export async function fetchNearbyContacts(position: { latitude: number; longitude: number }) {
  const query = new URLSearchParams({
    latitude: String(position.latitude),
    longitude: String(position.longitude),
    radius: String(nearbyRadiusMiles),
  });
  return (await apiRequest('GET', `/api/location/nearby-contacts?${query}`)).json() as Promise<
    NearbyContact[]
  >;
}
