import { describe, expect, it } from 'vitest';
import { formatPlace } from './geocoder.js';
import { haversineMiles, zipCodeGeocoder } from './zip-code-geocoder.js';

describe('zip code geocoder', () => {
  it('places a ZIP code and a city + state', async () => {
    const byZip = await zipCodeGeocoder.geocode({ zip: '78701' });
    expect(byZip).toMatchObject({ city: 'Austin', state: 'TX', zip: '78701' });
    const byCity = await zipCodeGeocoder.geocode({ city: 'Beverly Hills', state: 'CA' });
    expect(byCity?.latitude).toBeCloseTo(34.07, 1);
    expect(await zipCodeGeocoder.geocode({ zip: '00000' })).toBeNull();
    expect(await zipCodeGeocoder.geocode({ city: 'Nowhere', state: 'ZZ' })).toBeNull();
  });

  it('names a position after its nearest ZIP code', async () => {
    const place = await zipCodeGeocoder.reverse({ latitude: 40.7484, longitude: -73.9967 });
    expect(place && formatPlace(place)).toBe('New York, NY 10001');
  });

  it('gives no place far from any US ZIP code', async () => {
    expect(await zipCodeGeocoder.reverse({ latitude: 0, longitude: -30 })).toBeNull();
  });

  it('measures great-circle miles', () => {
    // New York to Los Angeles is about 2,450 miles.
    const miles = haversineMiles(
      { latitude: 40.7128, longitude: -74.006 },
      { latitude: 34.0522, longitude: -118.2437 },
    );
    expect(miles).toBeGreaterThan(2400);
    expect(miles).toBeLessThan(2500);
  });
});
