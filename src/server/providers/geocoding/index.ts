import type { Geocoder } from './geocoder.js';
import { zipCodeGeocoder } from './zip-code-geocoder.js';

export type { AddressQuery, Geocoder, GeoPoint, Place } from './geocoder.js';
export { formatPlace } from './geocoder.js';

/** The geocoder in use. Only the offline dataset exists today; a configured service would be chosen here. */
export const geocoder: Geocoder = zipCodeGeocoder;
