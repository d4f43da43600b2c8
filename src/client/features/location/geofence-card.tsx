import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { contactTypeNames } from '@client/features/contacts';
import { formatDate, formatNumber } from '@client/i18n/format';
import { toastError } from '@client/lib/error-toast';
import type { ContactType } from '@domain/contacts/contact-schemas';
import {
  firstFixOptions,
  laterFixOptions,
  maxAlertsShown,
  nearbyRadiusMiles,
  refreshIntervalMs,
} from '@domain/location/geofence';
import type { GeofenceAlert, NearbyContact } from '@domain/location/location-schemas';
import type { MapPoint } from '@domain/location/nearby-map';
import { Trans, useLingui } from '@lingui/react/macro';
import { Bell, Loader2, MapPin, Navigation, Square } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { contactTypeColour } from './contact-type-colours';
import { fetchNearbyContacts, sendLocation } from './location-api';
import { contactLabel, formatMiles, NearbyMap } from './nearby-map';

const alertDurationMs = 10_000;

/**
 * Geofence tracking (spec 000 §4): off until a first position succeeds; then every position goes to
 * the server, which answers with the address and any 'Contact Nearby!' alerts, and the contacts
 * within 5 miles are listed. Leaving the panel (unmount) clears the repeat timer.
 */
export function GeofenceCard() {
  const [isStarting, setIsStarting] = useState(false);
  const [isTracking, setIsTracking] = useState(false);
  const [address, setAddress] = useState<string | null>(null);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const [alerts, setAlerts] = useState<GeofenceAlert[]>([]);
  const [nearby, setNearby] = useState<{ center: MapPoint; contacts: NearbyContact[] } | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const { t, i18n } = useLingui();
  const radius = formatNumber(nearbyRadiusMiles);

  const clearTimer = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => clearTimer, [clearTimer]);

  const report = useCallback(
    async (position: GeolocationPosition) => {
      const point = {
        latitude: position.coords.latitude,
        longitude: position.coords.longitude,
        accuracy: position.coords.accuracy,
      };
      try {
        const update = await sendLocation(point);
        setAddress(update.location.address);
        setUpdatedAt(new Date());
        if (update.alerts.length > 0) {
          setAlerts((previous) => [...update.alerts, ...previous].slice(0, maxAlertsShown));
          // One toast at a time: the nearest new contact is announced.
          toast({
            title: t`Contact Nearby!`,
            description: update.alerts[0].message,
            duration: alertDurationMs,
          });
        }
      } catch {
        toastError(
          t`Location Update Failed`,
          null,
          t`Unable to update your location. Check your connection.`,
        );
        return;
      }
      try {
        setNearby({ center: point, contacts: await fetchNearbyContacts(point) });
      } catch (error) {
        // Spec 000 §8: a nearby-contacts failure is logged only.
        console.error('Nearby contacts could not be loaded', error);
      }
    },
    [t],
  );

  const start = () => {
    if (!('geolocation' in navigator)) {
      toastError(t`Location Not Supported`, null, t`This browser cannot share its location.`);
      return;
    }
    setIsStarting(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setIsStarting(false);
        setIsTracking(true);
        toast({ title: t`Location Tracking Started`, description: t`Nearby contacts will be announced.` });
        void report(position);
        clearTimer();
        timer.current = setInterval(() => {
          navigator.geolocation.getCurrentPosition(
            (next) => void report(next),
            (error) => console.warn('Position refresh failed', error.message),
            laterFixOptions,
          );
        }, refreshIntervalMs);
      },
      (error) => {
        setIsStarting(false);
        if (error.code === error.PERMISSION_DENIED) {
          toastError(
            t`Location Access Denied`,
            null,
            t`Please enable location permissions to use geofencing.`,
          );
        } else {
          toastError(
            t`Location Unavailable`,
            null,
            t`Your device could not determine its position. Try again outdoors or later.`,
          );
        }
      },
      firstFixOptions,
    );
  };

  const stop = () => {
    clearTimer();
    setIsTracking(false);
    toast({ title: t`Location Tracking Stopped`, description: t`Your position is no longer shared.` });
  };

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
            {updatedAt && (
              <span className="text-xs text-muted-foreground">
                {' '}
                · {formatDate(updatedAt, { timeStyle: 'medium' })}
              </span>
            )}
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

        {nearby !== null && (
          <div className="space-y-2">
            <h4 className="text-sm font-semibold">
              <Trans>Contacts within {radius} miles</Trans>
            </h4>
            {nearby.contacts.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>No contacts nearby.</Trans>
              </p>
            ) : (
              <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,16rem)_1fr]">
                <NearbyMap
                  center={nearby.center}
                  contacts={nearby.contacts}
                  radiusMiles={nearbyRadiusMiles}
                />
                <ul className="divide-y rounded-md border">
                  {nearby.contacts.map((c) => (
                    <li key={c.id} className="flex items-center justify-between gap-3 p-2">
                      <div className="min-w-0">
                        <p className="truncate text-sm font-medium">{contactLabel(c)}</p>
                        <p className="truncate text-xs text-muted-foreground">
                          {[c.company, c.last_known_location].filter(Boolean).join(' · ') || c.email}
                        </p>
                      </div>
                      <div className="flex shrink-0 items-center gap-2">
                        {c.contact_type && (
                          <Badge variant="outline" className={contactTypeColour(c.contact_type).badge}>
                            {c.contact_type in contactTypeNames
                              ? i18n._(contactTypeNames[c.contact_type as ContactType])
                              : c.contact_type}
                          </Badge>
                        )}
                        <span className="text-xs tabular-nums text-muted-foreground">
                          {formatMiles(c.distance_miles)}
                        </span>
                      </div>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
