import { StatusBadge } from '@client/components/status-badge';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatDateTime } from '@client/i18n/format';
import type { SuperhubDashboard } from '@domain/superhub/superhub-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { Activity } from 'lucide-react';

/** Recent Events: the latest events the apps posted, live. */
export function RecentEventsCard({ logs }: { logs: SuperhubDashboard['logs'] }) {
  const { t } = useLingui();
  // The two statuses the hub writes itself; any other is the app's own word and shows as it sent it.
  const eventStatusText = (status: string) =>
    status === 'ok' ? t`ok` : status === 'error' ? t`error` : status;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Activity aria-hidden="true" className="size-5" />
          <Trans>Recent Events</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {logs.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No recent events</Trans>
          </p>
        ) : (
          <ul className="divide-y" aria-live="polite">
            {logs.map((log) => (
              <li key={log.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                <span className="font-medium">{log.payload.app}</span>
                <StatusBadge tone={log.payload.status === 'ok' ? 'ok' : 'bad'}>
                  {eventStatusText(log.payload.status)}
                </StatusBadge>
                {log.payload.tag && (
                  <Badge variant="outline">{log.payload.tag === 'hub' ? t`hub` : log.payload.tag}</Badge>
                )}
                <span className="text-muted-foreground">{log.type}</span>
                <time className="ms-auto text-xs text-muted-foreground" dateTime={log.timestamp}>
                  {formatDateTime(log.timestamp)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
