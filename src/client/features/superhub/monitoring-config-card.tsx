import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import type { MonitoringConfig } from '@domain/superhub/superhub-schemas';
import { Trans, useLingui } from '@lingui/react/macro';

/** Monitoring and Analytics Configuration: what the hub tracks and alerts on. */
export function MonitoringConfigCard({ config }: { config: MonitoringConfig | undefined }) {
  const { t } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Monitoring and Analytics Configuration</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <ConfigList
          title={t`Tracked user-journey events`}
          items={config?.analytics_configuration.user_journey_tracking.track_events ?? []}
        />
        <ConfigList
          title={t`Active conversion funnels`}
          items={config?.analytics_configuration.conversion_tracking.funnels ?? []}
        />
        <ConfigList
          title={t`Tracked revenue metrics`}
          items={config?.analytics_configuration.revenue_analytics.track_metrics ?? []}
        />
        <ConfigList title={t`Active alert rules`} items={Object.keys(config?.monitoring_alerts ?? {})} />
      </CardContent>
    </Card>
  );
}

function ConfigList({ title, items }: { title: string; items: string[] }) {
  return (
    <div>
      <h2 className="mb-1 font-semibold">{title}</h2>
      {items.length === 0 ? (
        <p className="text-muted-foreground">—</p>
      ) : (
        <ul className="space-y-0.5 font-mono text-xs">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
