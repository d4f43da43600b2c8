import zipcodes, { type ZipCode } from 'zipcodes';
import type { AddressQuery, Geocoder, GeoPoint, Place } from './geocoder.js';

/** Beyond this a position is "somewhere without a US ZIP code": no address rather than a misleading one. */
const maxReverseMiles = 30;
const earthRadiusMiles = 3958.8;

function toPlace(code: ZipCode): Place {
  return {
    zip: code.zip,
    city: code.city,
    state: code.state,
    latitude: code.latitude,
    longitude: code.longitude,
  };
}

export function haversineMiles(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}

let usCodes: ZipCode[] | null = null;
// Built on first use: about 42,000 US ZIP codes with coordinates.
function allUsCodes(): ZipCode[] {
  usCodes ??= Object.values(zipcodes.codes).filter(
    (c) => c.country === 'US' && Number.isFinite(c.latitude) && Number.isFinite(c.longitude),
  );
  return usCodes;
}

/**
 * Offline geocoder over the `zipcodes` package's US ZIP code centroids. Precision is a ZIP code's
 * centre (typically within a few miles), enough for "who is nearby" and for a readable address.
 */
export const zipCodeGeocoder: Geocoder = {
  name: 'Offline US ZIP codes',
  async geocode(query: AddressQuery) {
    const zip = query.zip?.trim().slice(0, 5);
    if (zip && /^\d{5}$/.test(zip)) {
      const code = zipcodes.lookup(zip);
      if (code && code.country === 'US') return toPlace(code);
    }
    const city = query.city?.trim();
    const state = query.state?.trim();
    if (city && state) {
      const matches = zipcodes.lookupByName(city, state).filter((c) => c.country === 'US');
      // A city spans several ZIP codes; their mean is a fair centre for it.
      if (matches.length > 0) {
        const latitude = matches.reduce((sum, c) => sum + c.latitude, 0) / matches.length;
        const longitude = matches.reduce((sum, c) => sum + c.longitude, 0) / matches.length;
        return { ...toPlace(matches[0]), latitude, longitude };
      }
    }
    return null;
  },
  async reverse(point: GeoPoint) {
    let best: ZipCode | null = null;
    let bestMiles = Number.POSITIVE_INFINITY;
    // A cheap degree box first: most codes are rejected without trigonometry.
    const latWindow = maxReverseMiles / 69;
    for (const code of allUsCodes()) {
      if (Math.abs(code.latitude - point.latitude) > latWindow) continue;
      const miles = haversineMiles(point, code);
      if (miles < bestMiles) {
        bestMiles = miles;
        best = code;
      }
    }
    return best && bestMiles <= maxReverseMiles ? toPlace(best) : null;
  },
};
