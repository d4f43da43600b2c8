import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Switch } from '@client/components/ui/switch';
import { toast } from '@client/components/ui/use-toast';
import { useLiveEventStream } from '@client/features/webhooks';
import { toastError } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Zap } from 'lucide-react';
import { useState } from 'react';
import { failureText } from './failure-text';
import { IntegrationAppsSection } from './integration-apps-section';
import { LiveEventStreamCard } from './live-event-stream-card';
import { MonitoringConfigCard } from './monitoring-config-card';
import { Phase3Summary } from './phase3-summary';
import { useHealthCheck, useIntegrateAll, useIntegrationStatus, useMonitoringConfig } from './superhub-api';
import { SystemMetricsCard } from './system-metrics-card';

/** /phase3 and /phase3-demo: Phase 3 Application Integration (spec 001 §2). */
export function Phase3Page({ demo = false }: { demo?: boolean }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const canWrite = !demo && user ? hasRole(user.role, 'admin') : false;
  const [autoRefresh, setAutoRefresh] = useState(true);
  const status = useIntegrationStatus(demo, autoRefresh);
  const health = useHealthCheck(demo, autoRefresh);
  const config = useMonitoringConfig(demo);
  const integrateAll = useIntegrateAll();
  useLiveEventStream(demo);

  const startAll = () =>
    integrateAll.mutate(undefined, {
      onSuccess: (result) =>
        toast({
          title: t`Bulk Integration Started`,
          description: t`Integrating ${plural(result.summary.total_apps, { one: '# application', other: '# applications' })}`,
        }),
      onError: (error) =>
        toastError(
          t`Bulk Integration Failed`,
          undefined,
          failureText(error) ?? t`Failed to start bulk integration`,
        ),
    });
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

      <Phase3Summary summary={status.data?.summary} ecosystem={health.data?.ecosystem_health} />

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <LiveEventStreamCard demo={demo} autoRefresh={autoRefresh} />
        <SystemMetricsCard health={health.data} />
      </div>

      <IntegrationAppsSection status={status} canWrite={canWrite} />

      <MonitoringConfigCard config={config.data} />
    </main>
  );
}

export function Phase3DemoPage() {
  return <Phase3Page demo />;
}
