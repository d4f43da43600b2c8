export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** A postal place: what a position resolves to and what an address is resolved from. */
export interface Place extends GeoPoint {
  city: string;
  state: string;
  zip: string;
}

export interface AddressQuery {
  zip?: string | null;
  city?: string | null;
  state?: string | null;
}

/** Geocoding is pluggable: the offline ZIP-code dataset is the default; a networked service can replace it. */
export interface Geocoder {
  readonly name: string;
  /** The coordinates of an address: its ZIP code first, else its city and state. */
  geocode(query: AddressQuery): Promise<Place | null>;
  /** The nearest known place to a position, or null when nothing is near (e.g. at sea or abroad). */
  reverse(point: GeoPoint): Promise<Place | null>;
}

/** "Austin, TX 78701" */
export function formatPlace(place: Pick<Place, 'city' | 'state' | 'zip'>): string {
  return `${place.city}, ${place.state} ${place.zip}`;
}
