import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatNumber } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import type { SuperhubDashboard } from '@domain/superhub/superhub-schemas';
import { Trans } from '@lingui/react/macro';

const percent = (value: number | null) =>
  value === null ? '—' : formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 });

/** Connected Apps: each app's status and its uptime over a day and a month. */
export function ConnectedAppsCard({ apps }: { apps: SuperhubDashboard['apps'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Connected Apps</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {apps.map((app) => (
            <li key={app.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
              <span
                className={cn(
                  'size-2.5 rounded-full',
                  app.status === 'up'
                    ? 'bg-success'
                    : app.status === 'down'
                      ? 'bg-destructive'
                      : 'bg-muted-foreground',
                )}
                aria-hidden="true"
              />
              <span className="font-medium">{app.name}</span>
              <span className="min-w-0 truncate text-muted-foreground">{app.url}</span>
              <span className="ms-auto text-xs text-muted-foreground">
                <Trans>
                  24 h {percent(app.uptime_24h)} · 30 days {percent(app.uptime_30d)}
                </Trans>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
