import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { geofenceAlerts, memberLocations } from '../../db/schema/location.js';

export async function saveMemberLocation(
  tx: Tx,
  values: {
    userId: number;
    latitude: number;
    longitude: number;
    accuracyMeters: number | null;
    address: string | null;
  },
) {
  await tx
    .insert(memberLocations)
    .values(values)
    .onConflictDoUpdate({
      target: [memberLocations.workspaceId, memberLocations.userId],
      set: {
        latitude: values.latitude,
        longitude: values.longitude,
        accuracyMeters: values.accuracyMeters,
        address: values.address,
        updatedAt: new Date(),
      },
    });
}

/** Serialises one member's location updates, so two quick updates cannot both raise the same alert. */
export async function lockMemberAlerts(tx: Tx, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('geofence_alerts'), ${userId}::int)`);
}

export async function recentlyAlertedContactIds(tx: Tx, userId: number, contactIds: number[], since: Date) {
  if (contactIds.length === 0) return new Set<number>();
  const rows = await tx
    .selectDistinct({ contactId: geofenceAlerts.contactId })
    .from(geofenceAlerts)
    .where(
      and(
        eq(geofenceAlerts.userId, userId),
        inArray(geofenceAlerts.contactId, contactIds),
        gt(geofenceAlerts.createdAt, since),
      ),
    );
  return new Set(rows.map((r) => r.contactId));
}

export async function insertAlerts(
  tx: Tx,
  alerts: Array<{ userId: number; contactId: number; distanceMiles: number; message: string }>,
) {
  if (alerts.length === 0) return [];
  return tx.insert(geofenceAlerts).values(alerts).returning({
    id: geofenceAlerts.id,
    contactId: geofenceAlerts.contactId,
    message: geofenceAlerts.message,
    distanceMiles: geofenceAlerts.distanceMiles,
  });
}
