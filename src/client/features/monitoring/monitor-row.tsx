import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { TableCell, TableRow } from '@client/components/ui/table';
import { messageRefText } from '@client/i18n/stored-message';
import type { Monitor } from '@domain/monitoring/monitoring-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil } from 'lucide-react';
import { millis, percent, seconds } from './monitor-format';
import { MonitorStatusBadge } from './monitor-status-badge';
import { RemoveMonitorButton } from './remove-monitor-button';

/** A monitor's row: its app and URL, timing, status, uptimes and last response; edit and remove. */
export function MonitorRow({
  monitor,
  canWrite,
  onEdit,
}: {
  monitor: Monitor;
  canWrite: boolean;
  onEdit: () => void;
}) {
  const { t } = useLingui();
  const { appName, url } = monitor;
  const interval = seconds(monitor.intervalSeconds);
  const timeout = millis(monitor.timeoutMs);
  return (
    <TableRow data-monitor={monitor.id}>
      <TableCell className="min-w-40">
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="font-medium">{appName}</span>
          <span className="sm:hidden">
            <MonitorStatusBadge status={monitor.status} />
          </span>
          {monitor.isDefault && (
            <Badge variant="outline" className="font-normal">
              <Trans>App URL</Trans>
            </Badge>
          )}
        </div>
        <span className="block break-all text-xs text-muted-foreground">{url}</span>
        {/* On a narrow screen the timing and uptime go under the URL. */}
        <span className="block text-xs text-muted-foreground md:hidden">
          <Trans>
            every {interval} · timeout {timeout}
          </Trans>
        </span>
        <span className="block text-xs text-muted-foreground sm:hidden">
          <Trans>
            24 h {percent(monitor.uptime24h)} · 30 days {percent(monitor.uptime30d)}
          </Trans>
        </span>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap md:table-cell">{interval}</TableCell>
      <TableCell className="hidden whitespace-nowrap md:table-cell">{timeout}</TableCell>
      <TableCell className="hidden sm:table-cell">
        <span
          title={monitor.lastError ? messageRefText(monitor.lastErrorMessage, monitor.lastError) : undefined}
        >
          <MonitorStatusBadge status={monitor.status} />
        </span>
      </TableCell>
      <TableCell className="hidden text-end sm:table-cell">{percent(monitor.uptime24h)}</TableCell>
      <TableCell className="hidden text-end sm:table-cell">{percent(monitor.uptime30d)}</TableCell>
      <TableCell className="hidden whitespace-nowrap text-end lg:table-cell">
        {monitor.lastResponseMs === null ? '—' : millis(monitor.lastResponseMs)}
      </TableCell>
      {canWrite && (
        <TableCell className="text-end">
          <div className="flex justify-end gap-1">
            <Button variant="ghost" size="icon" aria-label={t`Edit monitor ${url}`} onClick={onEdit}>
              <Pencil />
            </Button>
            {!monitor.isDefault && <RemoveMonitorButton monitor={monitor} />}
          </div>
        </TableCell>
      )}
    </TableRow>
  );
}
