import { StatusBadge } from '@client/components/status-badge';
import type { Monitor } from '@domain/monitoring/monitoring-schemas';
import { Trans } from '@lingui/react/macro';

/** A monitor's status: up, down, or pending before its first check. */
export function MonitorStatusBadge({ status }: { status: Monitor['status'] }) {
  if (status === 'up')
    return (
      <StatusBadge tone="ok">
        <Trans>Up</Trans>
      </StatusBadge>
    );
  if (status === 'down')
    return (
      <StatusBadge tone="bad">
        <Trans>Down</Trans>
      </StatusBadge>
    );
  return (
    <StatusBadge tone="neutral">
      <Trans>Pending</Trans>
    </StatusBadge>
  );
}
