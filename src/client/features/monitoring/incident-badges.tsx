import { StatusBadge } from '@client/components/status-badge';
import type { Incident } from '@domain/monitoring/incident-schemas';
import { Trans } from '@lingui/react/macro';

/** An incident's state: open, resolved, and whether it was suppressed under a parent's. */
export function IncidentBadges({ incident }: { incident: Incident }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {incident.closedAt ? (
        <StatusBadge tone="ok">
          <Trans>Resolved</Trans>
        </StatusBadge>
      ) : (
        <StatusBadge tone="bad">
          <Trans>Open</Trans>
        </StatusBadge>
      )}
      {incident.suppressed && (
        <StatusBadge tone="neutral">
          <Trans>Suppressed</Trans>
        </StatusBadge>
      )}
    </span>
  );
}
