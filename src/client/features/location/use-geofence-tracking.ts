import { toast } from '@client/components/ui/use-toast';
import { toastError } from '@client/lib/error-toast';
import {
  firstFixOptions,
  laterFixOptions,
  maxAlertsShown,
  refreshIntervalMs,
} from '@domain/location/geofence';
import type { GeofenceAlert, NearbyContact } from '@domain/location/location-schemas';
import type { MapPoint } from '@domain/location/nearby-map';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchNearbyContacts, sendLocation } from './location-api';

const alertDurationMs = 10_000;

/**
 * Geofence tracking (spec 000 §4): off until a first position succeeds; then every position goes to
 * the server, which answers with the address and any 'Contact Nearby!' alerts, and the contacts
 * within 5 miles are listed. Unmounting clears the repeat timer.
 */
export function useGeofenceTracking() {
  const [isStarting, setIsStarting] = useState(false);
  const [isTracking, setIsTracking] = useState(false);
  const [address, setAddress] = useState<string | null>(null);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const [alerts, setAlerts] = useState<GeofenceAlert[]>([]);
  const [nearby, setNearby] = useState<{ center: MapPoint; contacts: NearbyContact[] } | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const { t } = useLingui();

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

  return { isStarting, isTracking, address, updatedAt, alerts, nearby, start, stop };
}
