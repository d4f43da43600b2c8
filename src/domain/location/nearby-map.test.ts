import { describe, expect, it } from 'vitest';
import { positionOnMap } from './nearby-map';

const austin = { latitude: 30.2672, longitude: -97.7431 };

describe('positionOnMap', () => {
  it('puts the center in the middle and north up', () => {
    const middle = positionOnMap(austin, austin, 5);
    expect(Math.hypot(middle.x, middle.y)).toBe(0);
    const north = positionOnMap(
      austin,
      { latitude: austin.latitude + 5 / 69.09, longitude: austin.longitude },
      5,
    );
    expect(north.x).toBeCloseTo(0, 6);
    expect(north.y).toBeCloseTo(-1, 6);
  });

  it('shrinks longitude by the latitude, so a point 2.5 miles east is half a radius right', () => {
    const degrees = 2.5 / (69.09 * Math.cos((austin.latitude * Math.PI) / 180));
    const east = positionOnMap(
      austin,
      { latitude: austin.latitude, longitude: austin.longitude + degrees },
      5,
    );
    expect(east.x).toBeCloseTo(0.5, 6);
    expect(east.y).toBeCloseTo(0, 6);
  });

  it('crosses the antimeridian the short way', () => {
    const fiji = { latitude: -17.7, longitude: 179.99 };
    const across = positionOnMap(fiji, { latitude: -17.7, longitude: -179.99 }, 5);
    expect(across.x).toBeGreaterThan(0);
    expect(across.x).toBeLessThan(1);
  });
});
