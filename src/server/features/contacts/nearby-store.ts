import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';

export const metersPerMile = 1609.344;

export type NearbyContactRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  company: string | null;
  contact_type: string | null;
  last_known_location: string | null;
  distance_miles: number;
};

/**
 * Contacts within `radiusMiles` of a point, nearest first, in the transaction's workspace. Owned by
 * the location area, kept beside the contacts store because it reads the contacts table. The
 * earth_box test uses the gist index on ll_to_earth(latitude, longitude); earth_distance trims the
 * box to a circle. It reads contacts_in_workspace (same tenant predicate as the RLS policy) because
 * under RLS the planner will not use that index for the non-leakproof cube containment: the runtime
 * role got a 2.1 s sequential scan over 200,000 contacts (ADR 0002). Ordering by the cube distance
 * `<->` (straight-line, so the same order as the great-circle distance) lets the gist index hand rows
 * over nearest first and stop at `limit`, instead of sorting every contact in a crowded box.
 */
export async function findContactsNear(
  tx: Tx,
  point: { latitude: number; longitude: number },
  radiusMiles: number,
  limit: number,
): Promise<NearbyContactRow[]> {
  const radiusMeters = radiusMiles * metersPerMile;
  const origin = sql`ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8)`;
  const result = await tx.execute<NearbyContactRow>(sql`
    select c.id, c.first_name, c.last_name, c.email::text as email, c.company, c.contact_type,
      nullif(concat_ws(', ', nullif(btrim(c.address), ''), nullif(btrim(c.city), ''),
        nullif(btrim(concat_ws(' ', c.state, c.zip)), '')), '') as last_known_location,
      earth_distance(${origin}, ll_to_earth(c.latitude, c.longitude)) / ${metersPerMile}::float8 as distance_miles
    from contacts_in_workspace c
    where c.latitude is not null
      and earth_box(${origin}, ${radiusMeters}::float8) @> ll_to_earth(c.latitude, c.longitude)
      and earth_distance(${origin}, ll_to_earth(c.latitude, c.longitude)) <= ${radiusMeters}::float8
    order by ll_to_earth(c.latitude, c.longitude) <-> ${origin}, c.id
    limit ${limit}`);
  return result.rows.map((r) => ({ ...r, id: Number(r.id), distance_miles: Number(r.distance_miles) }));
}
