import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatNumber, formatTime } from '@client/i18n/format';
import { nearbyRadiusMiles } from '@domain/location/geofence';
import { Trans } from '@lingui/react/macro';
import { Bell, Loader2, MapPin, Navigation, Square } from 'lucide-react';
import { NearbyContactsSection } from './nearby-contacts-section';
import { useGeofenceTracking } from './use-geofence-tracking';

/** Spec 000 §4's geofence card: start/stop, the current location, nearby alerts and contacts. */
export function GeofenceCard() {
  const { isStarting, isTracking, address, updatedAt, alerts, nearby, start, stop } = useGeofenceTracking();
  const radius = formatNumber(nearbyRadiusMiles);
  return (
    <Card data-testid="geofence-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1">
          <CardTitle className="flex items-center gap-2">
            <MapPin className="size-5" /> <Trans>Geofence Tracking</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Get told when you are near a contact (within {radius} miles).</Trans>
          </CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <Badge variant={isTracking ? 'success' : 'secondary'}>
            {isTracking ? <Trans>Tracking</Trans> : <Trans>Off</Trans>}
          </Badge>
          {isTracking ? (
            <Button variant="outline" size="sm" onClick={stop}>
              <Square /> <Trans>Stop Tracking</Trans>
            </Button>
          ) : (
            <Button size="sm" onClick={start} disabled={isStarting}>
              {isStarting ? <Loader2 className="animate-spin" /> : <Navigation />}
              <Trans>Start Tracking</Trans>
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {address ? (
          <p className="text-sm">
            <span className="text-muted-foreground">
              <Trans>Current location:</Trans>{' '}
            </span>
            <span className="font-medium">{address}</span>
            {updatedAt && <span className="text-xs text-muted-foreground"> · {formatTime(updatedAt)}</span>}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            {isTracking ? (
              <Trans>Finding your position…</Trans>
            ) : (
              <Trans>Start tracking to see contacts around you.</Trans>
            )}
          </p>
        )}

        {alerts.length > 0 && (
          <div className="space-y-2">
            <h4 className="flex items-center gap-1 text-sm font-semibold">
              <Bell className="size-4" /> <Trans>Nearby alerts</Trans>
            </h4>
            <ul className="space-y-1">
              {alerts.map((alert) => (
                <li
                  key={alert.id}
                  className="rounded-md border border-orange-200 bg-orange-50 px-3 py-2 text-sm"
                >
                  {alert.message}
                </li>
              ))}
            </ul>
          </div>
        )}

        {nearby !== null && <NearbyContactsSection center={nearby.center} contacts={nearby.contacts} />}
      </CardContent>
    </Card>
  );
}
