/** Miles per degree of latitude (and of longitude at the equator), on a spherical Earth. */
const milesPerDegree = 69.09;

export interface MapPoint {
  latitude: number;
  longitude: number;
}

/**
 * Where `point` sits on a map of the circle of `radiusMiles` around `center`: x to the east and y to
 * the south (screen axes), both in radii, so the circle's edge is at distance 1. A flat
 * (equirectangular) projection around the center: within a few miles its error is far below a
 * marker's size. Longitudes are taken the short way round the antimeridian.
 */
export function positionOnMap(
  center: MapPoint,
  point: MapPoint,
  radiusMiles: number,
): { x: number; y: number } {
  const eastDegrees = ((((point.longitude - center.longitude) % 360) + 540) % 360) - 180;
  const east = eastDegrees * milesPerDegree * Math.cos((center.latitude * Math.PI) / 180);
  const north = (point.latitude - center.latitude) * milesPerDegree;
  return { x: east / radiusMiles, y: -north / radiusMiles };
}
