import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressQuery, Geocoder, GeoPoint, Place } from './geocoder.js';

/** Beyond this a position is "somewhere without a US ZIP code": no address rather than a misleading one. */
const maxReverseMiles = 30;
const earthRadiusMiles = 3958.8;

export function haversineMiles(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}

interface ZipCodeData {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface ZipCodeIndex {
  places: Place[];
  byZip: Map<string, Place>;
  /** Key: upper-case city and state code. */
  byCity: Map<string, Place[]>;
}

const require = createRequire(import.meta.url);
const stateCodesByName = new Map(
  Object.entries((require('zipcodes/lib/states.js') as { full: Record<string, string> }).full),
);
let index: ZipCodeIndex | null = null;

/**
 * About 42,000 US ZIP codes from the `zipcodes` package, loaded on first use. Its data file is one
 * object literal assigned to `exports.codes`; read as JSON it costs about 15 MB, where requiring
 * the package would compile 5 MB of source and keep some 70 MB of the process for good.
 */
function zipCodeIndex(): ZipCodeIndex {
  if (index) return index;
  const file = require.resolve('zipcodes/lib/codes.js');
  const literal = /^exports\.codes = (\{.*\});?\s*$/m.exec(readFileSync(file, 'utf8'))?.[1];
  if (!literal) throw new Error(`Unexpected format of ${file}: no exports.codes line`);
  const places: Place[] = [];
  const byZip = new Map<string, Place>();
  const byCity = new Map<string, Place[]>();
  for (const code of Object.values(JSON.parse(literal) as Record<string, ZipCodeData>)) {
    if (code.country !== 'US' || !Number.isFinite(code.latitude) || !Number.isFinite(code.longitude))
      continue;
    const place: Place = {
      zip: code.zip,
      city: code.city,
      state: code.state,
      latitude: code.latitude,
      longitude: code.longitude,
    };
    places.push(place);
    byZip.set(place.zip, place);
    const key = cityKey(place.city, place.state);
    const same = byCity.get(key);
    if (same) same.push(place);
    else byCity.set(key, [place]);
  }
  index = { places, byZip, byCity };
  return index;
}

function cityKey(city: string, state: string): string {
  return `${city.toUpperCase()}|${state.toUpperCase()}`;
}

/** A state as its two-letter code; full names ("Texas") are accepted too. */
function stateCode(state: string): string {
  const upper = state.toUpperCase();
  return upper.length === 2 ? upper : (stateCodesByName.get(upper) ?? upper);
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
      const place = zipCodeIndex().byZip.get(zip);
      if (place) return { ...place };
    }
    const city = query.city?.trim();
    const state = query.state?.trim();
    if (city && state) {
      const matches = zipCodeIndex().byCity.get(cityKey(city, stateCode(state))) ?? [];
      // A city spans several ZIP codes; their mean is a fair centre for it.
      if (matches.length > 0) {
        const latitude = matches.reduce((sum, c) => sum + c.latitude, 0) / matches.length;
        const longitude = matches.reduce((sum, c) => sum + c.longitude, 0) / matches.length;
        return { ...matches[0], latitude, longitude };
      }
    }
    return null;
  },
  async reverse(point: GeoPoint) {
    let best: Place | null = null;
    let bestMiles = Number.POSITIVE_INFINITY;
    // A cheap degree box first: most codes are rejected without trigonometry.
    const latWindow = maxReverseMiles / 69;
    for (const code of zipCodeIndex().places) {
      if (Math.abs(code.latitude - point.latitude) > latWindow) continue;
      const miles = haversineMiles(point, code);
      if (miles < bestMiles) {
        bestMiles = miles;
        best = code;
      }
    }
    return best && bestMiles <= maxReverseMiles ? { ...best } : null;
  },
};
