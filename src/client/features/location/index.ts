import { lazy } from 'react';

/** The geofence tracking card (spec 000 §2.6); takes no props. */
export const GeofenceCard = lazy(() => import('./geofence-card').then((m) => ({ default: m.GeofenceCard })));
