import { formatNumber } from '@client/i18n/format';
import { i18n } from '@client/i18n/i18n';
import { alertRadiusMiles } from '@domain/location/geofence';
import type { NearbyContact } from '@domain/location/location-schemas';
import { type MapPoint, positionOnMap } from '@domain/location/nearby-map';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { contactTypeColour } from './contact-type-colours';

/** Map units per radius: the circle of `radiusMiles` has this radius in the SVG. */
const scale = 100;

const unnamed = msg`Unnamed contact`;

export function contactLabel(contact: NearbyContact): string {
  return `${contact.first_name} ${contact.last_name}`.trim() || contact.email || i18n._(unnamed);
}

/** A distance in miles with one decimal ("0.4 mi"), in the user's language. */
export function formatMiles(miles: number, fractionDigits = 1): string {
  return formatNumber(miles, {
    style: 'unit',
    unit: 'mile',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

/**
 * The contacts around you on a plain map of the search circle, north up: you in the middle (a ring),
 * rings at the alert distance, half the radius and the radius, one dot per contact in its type's
 * colour. Drawn as SVG from the positions the server sends: no map library, no tile server.
 */
export function NearbyMap({
  center,
  contacts,
  radiusMiles,
}: {
  center: MapPoint;
  contacts: NearbyContact[];
  radiusMiles: number;
}) {
  const rings = [alertRadiusMiles, radiusMiles / 2, radiusMiles].filter((miles) => miles <= radiusMiles);
  const { t } = useLingui();
  const shown = contacts.length;
  const radius = formatNumber(radiusMiles);
  return (
    <svg
      viewBox={`${-scale - 12} ${-scale - 12} ${2 * scale + 24} ${2 * scale + 24}`}
      role="img"
      aria-label={t`Map of ${plural(shown, { one: '# contact', other: '# contacts' })} within ${radius} miles`}
      className="aspect-square w-full max-w-64 text-muted-foreground"
      data-testid="nearby-map"
    >
      <circle r={scale} className="fill-muted/40 stroke-border" />
      {rings.map((miles) => (
        <circle
          key={miles}
          r={(miles / radiusMiles) * scale}
          className="fill-none stroke-border"
          strokeDasharray={miles === radiusMiles ? undefined : '3 3'}
        />
      ))}
      <line x1={-scale} x2={scale} y1={0} y2={0} className="stroke-border" />
      <line x1={0} x2={0} y1={-scale} y2={scale} className="stroke-border" />
      <text x={0} y={-scale - 3} textAnchor="middle" className="fill-current text-[10px] font-semibold">
        <Trans>N</Trans>
      </text>
      {contacts.map((contact) => {
        const { x, y } = positionOnMap(center, contact, radiusMiles);
        const label = `${contactLabel(contact)}, ${formatMiles(contact.distance_miles)}`;
        return (
          <circle
            key={contact.id}
            cx={x * scale}
            cy={y * scale}
            r={5}
            className={`${contactTypeColour(contact.contact_type).dot} stroke-background`}
            strokeWidth={1.5}
            aria-label={label}
            data-testid="nearby-map-contact"
          >
            <title>{label}</title>
          </circle>
        );
      })}
      <circle r={5} className="fill-background stroke-primary" strokeWidth={3} aria-label={t`You`} />
      {/* Ring labels go last so no dot covers them; the halo keeps them readable over a dot. On the ring's
          south-east point, so the labels stand apart from each other and from you. */}
      {rings.map((miles) => (
        <text
          key={miles}
          x={(miles / radiusMiles) * scale * Math.SQRT1_2 + 2}
          y={(miles / radiusMiles) * scale * Math.SQRT1_2 + 8}
          className="fill-current stroke-background text-[9px]"
          strokeWidth={3}
          paintOrder="stroke"
          data-testid="nearby-map-ring-label"
        >
          {formatMiles(miles, Number.isInteger(miles) ? 0 : 1)}
        </text>
      ))}
    </svg>
  );
}
