import { StatusBadge, type Tone } from '@client/components/status-badge';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import { Switch } from '@client/components/ui/switch';
import { toast } from '@client/components/ui/use-toast';
import { useLiveEventStream, useLiveEvents } from '@client/features/webhooks';
import { formatDateTime, formatNumber } from '@client/i18n/format';
import { messageRefText } from '@client/i18n/stored-message';
import { ApiError } from '@client/lib/api';
import { toastError } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import { type IntegrationStatus, recentEventsBar } from '@domain/superhub/superhub-schemas';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, Download, Play, Zap } from 'lucide-react';
import { useState } from 'react';
import {
  useHealthCheck,
  useIntegrate,
  useIntegrateAll,
  useIntegrationStatus,
  useMonitoringConfig,
} from './superhub-api';

const statusLabels: Record<IntegrationStatus, ReturnType<typeof msg>> = {
  pending: msg`pending`,
  integrating: msg`integrating`,
  active: msg`active`,
  error: msg`error`,
};
/** Spec 001 §4: active green, integrating yellow, error red, anything else grey. */
const statusTones: Record<IntegrationStatus, Tone> = {
  pending: 'neutral',
  integrating: 'busy',
  active: 'ok',
  error: 'bad',
};

const percent = (value: number) => formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 });
const failureText = (error: unknown) => (error instanceof ApiError ? error.translatedMessage() : null);

/** /phase3 and /phase3-demo: Phase 3 Application Integration (spec 001 §2). */
export function Phase3Page({ demo = false }: { demo?: boolean }) {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const canWrite = !demo && user ? hasRole(user.role, 'admin') : false;
  const [autoRefresh, setAutoRefresh] = useState(true);
  const status = useIntegrationStatus(demo, autoRefresh);
  const events = useLiveEvents(demo, autoRefresh);
  const health = useHealthCheck(demo, autoRefresh);
  const config = useMonitoringConfig(demo);
  const integrate = useIntegrate();
  const integrateAll = useIntegrateAll();
  useLiveEventStream(demo);

  const startAll = () =>
    integrateAll.mutate(undefined, {
      onSuccess: (result) =>
        toast({
          title: t`Bulk Integration Started`,
          description: t`Integrating ${result.summary.total_apps} applications`,
        }),
      onError: (error) =>
        toastError(
          t`Bulk Integration Failed`,
          undefined,
          failureText(error) ?? t`Failed to start bulk integration`,
        ),
    });
  const start = (appId: number) =>
    integrate.mutate(appId, {
      onSuccess: () => toast({ title: t`Integration Started` }),
      onError: (error) =>
        toastError(t`Integration Failed`, undefined, failureText(error) ?? t`Failed to start integration`),
    });

  const summary = status.data?.summary;
  const ecosystem = health.data?.ecosystem_health;
  const alerts = health.data?.alerts ?? 0;
  return (
    <main className="mx-auto max-w-7xl space-y-6 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">
          <Trans>Phase 3 Application Integration</Trans>
        </h1>
        {demo && (
          <Badge variant="secondary">
            <Trans>Live demo</Trans>
          </Badge>
        )}
        <div className="ms-auto flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-2 text-sm">
            <Switch id="auto-refresh" checked={autoRefresh} onCheckedChange={setAutoRefresh} />
            <label htmlFor="auto-refresh">
              <Trans>Auto Refresh</Trans>
            </label>
          </div>
          <Button onClick={startAll} disabled={!canWrite || integrateAll.isPending}>
            <Zap aria-hidden="true" />
            <Trans>Integrate All Apps</Trans>
          </Button>
        </div>
      </header>

      <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t`Summary`}>
        <Stat label={t`Total Apps`} value={summary ? formatNumber(summary.total_apps) : null} />
        <Stat label={t`Active Apps`} value={summary ? formatNumber(summary.active_apps) : null} />
        <Stat label={t`Integration Progress`} value={summary ? percent(summary.overall_progress) : null} />
        <Stat label={t`System Health`} value={ecosystem ? percent(ecosystem.uptime_percentage) : null} />
      </section>

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
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

        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>System Metrics</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 text-sm">
            <p>
              <Trans>
                Active applications: {formatNumber(ecosystem?.active_applications ?? 0)} /{' '}
                {formatNumber(ecosystem?.total_applications ?? 0)}
              </Trans>
            </p>
            <div className="space-y-1">
              <p>
                <Trans>Recent events: {formatNumber(ecosystem?.recent_events ?? 0)}</Trans>
              </p>
              <Progress
                value={recentEventsBar(ecosystem?.recent_events ?? 0)}
                aria-label={t`Recent events`}
              />
            </div>
            <div>
              {alerts > 0 ? (
                <Badge variant="destructive">
                  <Trans>{formatNumber(alerts)} alerts</Trans>
                </Badge>
              ) : (
                <StatusBadge tone="ok">
                  <CheckCircle2 aria-hidden="true" className="me-1 size-3" />
                  <Trans>All Clear</Trans>
                </StatusBadge>
              )}
            </div>
          </CardContent>
        </Card>
      </div>

      <section className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t`Applications`}>
        {status.isLoading && <Skeleton className="h-40" />}
        {Object.values(status.data?.applications ?? {}).map((app) => (
          <Card key={app.app_id}>
            <CardHeader>
              <div className="flex items-center gap-2">
                <CardTitle className="text-lg">{app.name}</CardTitle>
                <StatusBadge tone={statusTones[app.status]} className="ms-auto">
                  {i18n._(statusLabels[app.status])}
                </StatusBadge>
              </div>
            </CardHeader>
            <CardContent className="space-y-3 text-sm">
              <div className="space-y-1">
                <p>
                  <Trans>Progress {percent(app.deployment_progress)}</Trans>
                </p>
                <Progress value={app.deployment_progress} aria-label={t`Progress of ${app.name}`} />
              </div>
              <p>
                <Trans>
                  Events received: {formatNumber(app.events_received)} · Errors:{' '}
                  {formatNumber(app.error_count)}
                </Trans>
              </p>
              {app.status === 'error' && app.error && (
                <p className="text-destructive">{messageRefText(app.error_message, app.error)}</p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  onClick={() => start(app.app_id)}
                  disabled={
                    !canWrite ||
                    (integrate.isPending && integrate.variables === app.app_id) ||
                    app.status === 'active'
                  }
                >
                  <Play aria-hidden="true" />
                  <Trans>Integrate</Trans>
                </Button>
                {canWrite ? (
                  <Button asChild size="sm" variant="outline">
                    <a href={`/api/deployment-script/${app.app_id}`} download>
                      <Download aria-hidden="true" />
                      <Trans>Download script</Trans>
                    </a>
                  </Button>
                ) : (
                  <Button size="sm" variant="outline" disabled>
                    <Download aria-hidden="true" />
                    <Trans>Download script</Trans>
                  </Button>
                )}
              </div>
            </CardContent>
          </Card>
        ))}
      </section>

      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Monitoring and Analytics Configuration</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <ConfigList
            title={t`Tracked user-journey events`}
            items={config.data?.analytics_configuration.user_journey_tracking.track_events ?? []}
          />
          <ConfigList
            title={t`Active conversion funnels`}
            items={config.data?.analytics_configuration.conversion_tracking.funnels ?? []}
          />
          <ConfigList
            title={t`Tracked revenue metrics`}
            items={config.data?.analytics_configuration.revenue_analytics.track_metrics ?? []}
          />
          <ConfigList
            title={t`Active alert rules`}
            items={Object.keys(config.data?.monitoring_alerts ?? {})}
          />
        </CardContent>
      </Card>
    </main>
  );
}

function Stat({ label, value }: { label: string; value: string | null }) {
  return (
    <Card>
      <CardContent className="pt-6">
        <p className="text-sm text-muted-foreground">{label}</p>
        {value === null ? <Skeleton className="h-8 w-20" /> : <p className="text-2xl font-bold">{value}</p>}
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

export function Phase3DemoPage() {
  return <Phase3Page demo />;
}
