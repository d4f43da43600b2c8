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

/**
 * The places in columns: ~42,000 objects, their strings and two maps over them held ~16 MB of the
 * heap for the rest of the process's life once anything was placed; this holds ~5 MB.
 */
interface ZipCodeIndex {
  count: number;
  zips: Int32Array;
  latitudes: Float64Array;
  longitudes: Float64Array;
  /** Shared strings: a city or state name is stored once however many codes it has. */
  cities: string[];
  states: string[];
  /** ZIP code (as a number) to position. */
  byZip: Map<number, number>;
  /** Positions grouped by city: key (upper-case city and state code) to [first, end) in `cityOrder`. */
  byCity: Map<string, number>;
  cityOrder: Int32Array;
  cityEnds: Int32Array;
}

const require = createRequire(import.meta.url);
const stateCodesByName = new Map(
  Object.entries((require('zipcodes/lib/states.js') as { full: Record<string, string> }).full),
);
let index: ZipCodeIndex | null = null;

/**
 * About 42,000 US ZIP codes from the `zipcodes` package, loaded on first use. Its data file is one
 * object literal assigned to `exports.codes`; each code's object is parsed on its own, so the whole
 * literal never becomes objects at once (requiring the package would compile 5 MB of source and
 * keep some 70 MB of the process for good).
 */
function zipCodeIndex(): ZipCodeIndex {
  if (index) return index;
  const file = require.resolve('zipcodes/lib/codes.js');
  const literal = /^exports\.codes = (\{.*\});?\s*$/m.exec(readFileSync(file, 'utf8'))?.[1];
  if (!literal) throw new Error(`Unexpected format of ${file}: no exports.codes line`);
  const shared = new Map<string, string>();
  const share = (text: string) => {
    const known = shared.get(text);
    if (known !== undefined) return known;
    shared.set(text, text);
    return text;
  };
  const zips: number[] = [];
  const latitudes: number[] = [];
  const longitudes: number[] = [];
  const cities: string[] = [];
  const states: string[] = [];
  const keys: string[] = [];
  const byZip = new Map<number, number>();
  // Each code is a flat object: no braces inside it.
  for (const [text] of literal.slice(1).matchAll(/\{[^{}]*\}/g)) {
    const code = JSON.parse(text) as ZipCodeData;
    if (
      code.country !== 'US' ||
      !/^\d{5}$/.test(code.zip) ||
      !Number.isFinite(code.latitude) ||
      !Number.isFinite(code.longitude)
    )
      continue;
    byZip.set(Number(code.zip), zips.length);
    zips.push(Number(code.zip));
    latitudes.push(code.latitude);
    longitudes.push(code.longitude);
    cities.push(share(code.city));
    states.push(share(code.state));
    keys.push(cityKey(code.city, code.state));
  }
  const count = zips.length;
  const built: ZipCodeIndex = {
    count,
    zips: Int32Array.from(zips),
    latitudes: Float64Array.from(latitudes),
    longitudes: Float64Array.from(longitudes),
    cities,
    states,
    byZip,
    byCity: new Map(),
    cityOrder: new Int32Array(count),
    cityEnds: new Int32Array(count),
  };
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) =>
    keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b,
  );
  built.cityOrder.set(order);
  for (let start = 0; start < count; ) {
    let end = start + 1;
    while (end < count && keys[order[end]] === keys[order[start]]) end++;
    built.byCity.set(keys[order[start]], start);
    built.cityEnds[start] = end;
    start = end;
  }
  index = built;
  return index;
}

function placeAt(at: ZipCodeIndex, i: number): Place {
  return {
    zip: String(at.zips[i]).padStart(5, '0'),
    city: at.cities[i],
    state: at.states[i],
    latitude: at.latitudes[i],
    longitude: at.longitudes[i],
  };
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
    const at = zipCodeIndex();
    const zip = query.zip?.trim().slice(0, 5);
    if (zip && /^\d{5}$/.test(zip)) {
      const i = at.byZip.get(Number(zip));
      if (i !== undefined) return placeAt(at, i);
    }
    const city = query.city?.trim();
    const state = query.state?.trim();
    if (city && state) {
      const start = at.byCity.get(cityKey(city, stateCode(state)));
      // A city spans several ZIP codes; their mean is a fair centre for it.
      if (start !== undefined) {
        const end = at.cityEnds[start];
        let latitude = 0;
        let longitude = 0;
        for (let k = start; k < end; k++) {
          latitude += at.latitudes[at.cityOrder[k]];
          longitude += at.longitudes[at.cityOrder[k]];
        }
        return {
          ...placeAt(at, at.cityOrder[start]),
          latitude: latitude / (end - start),
          longitude: longitude / (end - start),
        };
      }
    }
    return null;
  },
  async reverse(point: GeoPoint) {
    const at = zipCodeIndex();
    let best = -1;
    let bestMiles = Number.POSITIVE_INFINITY;
    // A cheap degree box first: most codes are rejected without trigonometry.
    const latWindow = maxReverseMiles / 69;
    for (let i = 0; i < at.count; i++) {
      if (Math.abs(at.latitudes[i] - point.latitude) > latWindow) continue;
      const miles = haversineMiles(point, { latitude: at.latitudes[i], longitude: at.longitudes[i] });
      if (miles < bestMiles) {
        bestMiles = miles;
        best = i;
      }
    }
    return best >= 0 && bestMiles <= maxReverseMiles ? placeAt(at, best) : null;
  },
};
