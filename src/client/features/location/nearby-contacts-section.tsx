import { Badge } from '@client/components/ui/badge';
import { contactTypeNames } from '@client/features/contacts';
import { formatNumber } from '@client/i18n/format';
import type { ContactType } from '@domain/contacts/contact-schemas';
import { nearbyRadiusMiles } from '@domain/location/geofence';
import type { NearbyContact } from '@domain/location/location-schemas';
import type { MapPoint } from '@domain/location/nearby-map';
import { Trans, useLingui } from '@lingui/react/macro';
import { contactTypeColour } from './contact-type-colours';
import { contactLabel, formatMiles, NearbyMap } from './nearby-map';

/** The contacts within the radius of the last position: a map and a list. */
export function NearbyContactsSection({ center, contacts }: { center: MapPoint; contacts: NearbyContact[] }) {
  const { i18n } = useLingui();
  const radius = formatNumber(nearbyRadiusMiles);
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-semibold">
        <Trans>Contacts within {radius} miles</Trans>
      </h4>
      {contacts.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No contacts nearby.</Trans>
        </p>
      ) : (
        <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,16rem)_1fr]">
          <NearbyMap center={center} contacts={contacts} radiusMiles={nearbyRadiusMiles} />
          <ul className="divide-y rounded-md border">
            {contacts.map((c) => (
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
  );
}
