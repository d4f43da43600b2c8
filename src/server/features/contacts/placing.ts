import { type AddressQuery, type GeoPoint, geocoder } from '../../providers/geocoding/index.js';

/** What the geocoder reads of an address; blank parts are left out. */
function queryOf(address: AddressQuery): AddressQuery | null {
  const part = (v: string | null | undefined) => v?.trim() || null;
  const query = { zip: part(address.zip), city: part(address.city), state: part(address.state) };
  return query.zip || (query.city && query.state) ? query : null;
}

/**
 * The position of each address (null where it has none the geocoder knows), asking the geocoder
 * once per distinct address: an import batch of 10,000 rows usually names a few hundred ZIP codes.
 */
export async function placeAddresses(addresses: AddressQuery[]): Promise<(GeoPoint | null)[]> {
  const places = new Map<string, Promise<GeoPoint | null>>();
  return Promise.all(
    addresses.map((address) => {
      const query = queryOf(address);
      if (!query) return null;
      const key = `${query.zip ?? ''}|${query.city?.toUpperCase() ?? ''}|${query.state?.toUpperCase() ?? ''}`;
      let place = places.get(key);
      if (!place) {
        place = geocoder
          .geocode(query)
          .then((found) => (found ? { latitude: found.latitude, longitude: found.longitude } : null));
        places.set(key, place);
      }
      return place;
    }),
  );
}

/** The position of one address, or null. */
export async function placeAddress(address: AddressQuery): Promise<GeoPoint | null> {
  const [place] = await placeAddresses([address]);
  return place;
}
