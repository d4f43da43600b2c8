/** Geofence constants (spec 000 §9) shared by the card and the server. */
export const nearbyRadiusMiles = 5;
/** A contact closer than this raises a 'Contact Nearby!' alert. */
export const alertRadiusMiles = 1;
/** The same contact is not announced to the same member again within this period. */
export const alertCoolingMinutes = 60;
export const maxAlertsShown = 5;
export const refreshIntervalMs = 120_000;
export const firstFixOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 } as const;
export const laterFixOptions = { maximumAge: 60_000 } as const;
