import { StatusBadge } from '@client/components/status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { useLiveEvents } from '@client/features/webhooks';
import { formatDateTime } from '@client/i18n/format';
import { messageRefText } from '@client/i18n/stored-message';
import { Trans } from '@lingui/react/macro';

/** Live Event Stream: the ten latest events, refreshed while auto refresh is on. */
export function LiveEventStreamCard({ demo, autoRefresh }: { demo: boolean; autoRefresh: boolean }) {
  const events = useLiveEvents(demo, autoRefresh);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Live Event Stream</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {(events.data?.events.length ?? 0) === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No recent events</Trans>
          </p>
        ) : (
          <ul className="divide-y" aria-live="polite">
            {events.data?.events.slice(0, 10).map((e) => (
              <li key={e.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                <StatusBadge tone={e.status === 'ok' ? 'ok' : 'bad'}>{e.app}</StatusBadge>
                <span className="min-w-0 flex-1">{messageRefText(e.message, e.description)}</span>
                <time className="text-xs text-muted-foreground" dateTime={e.timestamp}>
                  {formatDateTime(e.timestamp)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
