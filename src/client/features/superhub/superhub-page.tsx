import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useRunBackupNow } from '@client/features/backups';
import {
  AvailabilityCard,
  IncidentsCard,
  MonitorsCard,
  refetchMonitors,
  StatusPageCard,
} from '@client/features/monitoring';
import { useLiveEventStream } from '@client/features/webhooks';
import { useAuth } from '@client/lib/use-auth';
import { cn } from '@client/lib/utils';
import { hasRole } from '@domain/roles';
import { Trans } from '@lingui/react/macro';
import { Calculator, DatabaseBackup, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { ConnectedAppsCard } from './connected-apps-card';
import { DocumentationCard } from './documentation-card';
import { FeaturesCard } from './features-card';
import { RecentEventsCard } from './recent-events-card';
import { useSuperhubDashboard } from './superhub-api';
import { SuperhubSummary } from './superhub-summary';

/** /superhub and /superhub-demo: Central Monitoring (spec 001 §2). */
export function SuperhubPage({ demo = false }: { demo?: boolean }) {
  const { user } = useAuth();
  const canWrite = !demo && user ? hasRole(user.role, 'admin') : false;
  const dashboard = useSuperhubDashboard(demo);
  const backup = useRunBackupNow();
  const [spinning, setSpinning] = useState(false);
  useLiveEventStream(demo);

  const refresh = () => {
    setSpinning(true);
    setTimeout(() => setSpinning(false), 1000);
    void dashboard.refetch();
    void refetchMonitors(demo);
  };

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
          {/* Spec 001 §7: GET /run/backup, with the spec's alerts; backups are the owners' and admins'. */}
          <Button onClick={() => backup.mutate()} disabled={!canWrite || backup.isPending}>
            <DatabaseBackup aria-hidden="true" />
            <Trans>Backup Now</Trans>
          </Button>
        </div>
      </header>

      <QueryState
        query={dashboard}
        loading={<Skeleton className="h-64" />}
        errorTitle={
          <>
            <span className="block text-lg font-semibold">
              <Trans>Dashboard Error</Trans>
            </span>
            <Trans>Failed to load SuperHub dashboard data</Trans>
          </>
        }
        errorClassName="rounded-lg border border-destructive p-6"
      >
        {(data) => (
          <>
            <SuperhubSummary stats={data.stats} />
            <MonitorsCard
              demo={demo}
              canWrite={canWrite}
              apps={data.apps.map((app) => ({ id: app.id, name: app.name }))}
            />
            {!demo && (
              <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
                <IncidentsCard />
                <AvailabilityCard canWrite={canWrite} />
                <StatusPageCard canWrite={canWrite} />
              </div>
            )}
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
              <ConnectedAppsCard apps={data.apps} />
              <RecentEventsCard logs={data.logs} />
              <FeaturesCard features={data.features} canWrite={canWrite} />
              <DocumentationCard endpoints={data.endpoints} />
            </div>
          </>
        )}
      </QueryState>
    </main>
  );
}

export function SuperhubDemoPage() {
  return <SuperhubPage demo />;
}
