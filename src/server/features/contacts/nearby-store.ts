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
 * the location area, kept beside the contacts store because it reads the contacts table. The SQL
 * lives in app_contacts_near (migration 0201): an earth_box test on the gist index over
 * ll_to_earth(latitude, longitude), trimmed to a circle by earth_distance. It is a function because
 * under RLS the planner will not use that index (see the migration).
 */
export async function findContactsNear(
  tx: Tx,
  point: { latitude: number; longitude: number },
  radiusMiles: number,
  limit: number,
): Promise<NearbyContactRow[]> {
  const result = await tx.execute<Omit<NearbyContactRow, 'distance_miles'> & { distance_m: number }>(sql`
    select * from app_contacts_near(${point.latitude}::float8, ${point.longitude}::float8,
      ${radiusMiles * metersPerMile}::float8, ${limit}::int)`);
  return result.rows.map(({ distance_m, ...r }) => ({
    ...r,
    id: Number(r.id),
    distance_miles: Number(distance_m) / metersPerMile,
  }));
}
