import { StatusBadge } from '@client/components/status-badge';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Switch } from '@client/components/ui/switch';
import { MonitorsCard, refetchMonitors } from '@client/features/monitoring';
import { useLiveEventStream } from '@client/features/webhooks';
import { formatDateTime, formatNumber } from '@client/i18n/format';
import { toastError } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import { cn } from '@client/lib/utils';
import { hasRole } from '@domain/roles';
import { type FeatureFlag, featureFlags } from '@domain/superhub/superhub-schemas';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Activity, Calculator, DatabaseBackup, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useSuperhubDashboard, useUpdateFeatures } from './superhub-api';

export const featureLabels: Record<FeatureFlag, ReturnType<typeof msg>> = {
  webhook_logging: msg`Webhook logging`,
  uptime_monitoring: msg`Uptime monitoring`,
  user_analytics: msg`User analytics`,
  certification_tracking: msg`Certification tracking`,
  trauma_insights: msg`Trauma insights`,
  referral_tracking: msg`Referral tracking`,
  revenue_analytics: msg`Revenue analytics`,
};

const percent = (value: number | null) =>
  value === null ? '—' : formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 });

/** /superhub and /superhub-demo: Central Monitoring (spec 001 §2). */
export function SuperhubPage({ demo = false }: { demo?: boolean }) {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const canWrite = !demo && user ? hasRole(user.role, 'admin') : false;
  const dashboard = useSuperhubDashboard(demo);
  const update = useUpdateFeatures();
  const [spinning, setSpinning] = useState(false);
  useLiveEventStream(demo);
  // The two statuses the hub writes itself; any other is the app's own word and shows as it sent it.
  const eventStatusText = (status: string) =>
    status === 'ok' ? t`ok` : status === 'error' ? t`error` : status;

  const refresh = () => {
    setSpinning(true);
    setTimeout(() => setSpinning(false), 1000);
    void dashboard.refetch();
    void refetchMonitors(demo);
  };
  const data = dashboard.data;

  return (
    <main className="mx-auto max-w-7xl space-y-6 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">
          <Trans>Central Monitoring</Trans>
        </h1>
        {demo && (
          <Badge variant="secondary">
            <Trans>Live demo</Trans>
          </Badge>
        )}
        <div className="ms-auto flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link href="/pricing-selector">
              <Calculator aria-hidden="true" />
              <Trans>Pricing Calculator</Trans>
            </Link>
          </Button>
          <Button variant="outline" onClick={refresh}>
            <RefreshCw aria-hidden="true" className={cn(spinning && 'animate-spin')} />
            <Trans>Refresh</Trans>
          </Button>
          {/* The backup itself (GET /run/backup) comes with the backups work; until then this stays off. */}
          <Button disabled title={t`Backups are not available yet`}>
            <DatabaseBackup aria-hidden="true" />
            <Trans>Backup Now</Trans>
          </Button>
        </div>
      </header>

      {dashboard.isError ? (
        <Card className="border-destructive">
          <CardHeader>
            <CardTitle className="text-destructive">
              <Trans>Dashboard Error</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>Failed to load SuperHub dashboard data</Trans>
            </CardDescription>
          </CardHeader>
        </Card>
      ) : dashboard.isLoading || !data ? (
        <Skeleton className="h-64" />
      ) : (
        <>
          <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t`Summary`}>
            <Stat label={t`Connected Apps`} value={formatNumber(data.stats.total_apps)} />
            <Stat label={t`Recent Events`} value={formatNumber(data.stats.recent_events)} />
            <Stat
              label={t`Monitoring Status`}
              value={data.stats.monitoring_active ? t`Active` : t`Inactive`}
            />
            <Stat label={t`Backups`} value={t`Weekly Auto Backup`} />
          </section>

          <MonitorsCard
            demo={demo}
            canWrite={canWrite}
            apps={data.apps.map((app) => ({ id: app.id, name: app.name }))}
          />

          <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>Connected Apps</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="divide-y">
                  {data.apps.map((app) => (
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

            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Activity aria-hidden="true" className="size-5" />
                  <Trans>Recent Events</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                {data.logs.length === 0 ? (
                  <p className="text-sm text-muted-foreground">
                    <Trans>No recent events</Trans>
                  </p>
                ) : (
                  <ul className="divide-y" aria-live="polite">
                    {data.logs.map((log) => (
                      <li key={log.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                        <span className="font-medium">{log.payload.app}</span>
                        <StatusBadge tone={log.payload.status === 'ok' ? 'ok' : 'bad'}>
                          {eventStatusText(log.payload.status)}
                        </StatusBadge>
                        {log.payload.tag && (
                          <Badge variant="outline">
                            {log.payload.tag === 'hub' ? t`hub` : log.payload.tag}
                          </Badge>
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

            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>Features</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="space-y-3">
                  {featureFlags.map((flag) => (
                    <li key={flag} className="flex items-center justify-between gap-2 text-sm">
                      <label htmlFor={`flag-${flag}`}>{i18n._(featureLabels[flag])}</label>
                      <Switch
                        id={`flag-${flag}`}
                        checked={data.features[flag]}
                        disabled={!canWrite || update.isPending}
                        onCheckedChange={(checked) =>
                          update.mutate(
                            { [flag]: checked },
                            {
                              onError: (error) => toastError(t`Error`, error),
                            },
                          )
                        }
                      />
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>Documentation</Trans>
                </CardTitle>
                <CardDescription>
                  <Trans>
                    Apps post signed events (Standard Webhooks) to their inbound address; the hub probes them
                    and forwards events to their endpoints.
                  </Trans>
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4 text-sm sm:grid-cols-2">
                <div>
                  <h2 className="mb-1 font-semibold">
                    <Trans>Webhook endpoints</Trans>
                  </h2>
                  <ul className="space-y-1 font-mono text-xs">
                    {data.endpoints.webhooks.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                </div>
                <div>
                  <h2 className="mb-1 font-semibold">
                    <Trans>Data endpoints</Trans>
                  </h2>
                  <ul className="space-y-1 font-mono text-xs">
                    {data.endpoints.data.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                </div>
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </main>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card>
      <CardContent className="pt-6">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold">{value}</p>
      </CardContent>
    </Card>
  );
}

export function SuperhubDemoPage() {
  return <SuperhubPage demo />;
}
