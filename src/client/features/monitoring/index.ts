/**
 * The Monitors card: a card, not a page, shown on Central Monitoring (whose page is loaded lazily, so this
 * needs no lazy boundary of its own).
 */

export { AvailabilityCard } from './availability-card';
export { IncidentsCard } from './incidents-card';
export { refetchMonitors } from './monitoring-api';
export { MonitorsCard } from './monitors-card';
export { StatusPageCard } from './status-page-card';
