import { toast } from '@client/components/ui/use-toast';
import { toastError } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import { collectionRunSchema } from '@domain/data-collection/data-collection-schemas';
import { hasRole } from '@domain/roles';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { CollectionGuideCard } from './collection-guide-card';
import { refreshEcosystem, useConsoleAction, useLatestRun } from './data-collection-api';
import { DataEndpointsSection } from './data-endpoints-section';
import { EcosystemActionsCard } from './ecosystem-actions-card';
import { EcosystemReportCard } from './ecosystem-report-card';

/** The Data collection dashboard tab: its actions, the data endpoints and the report. */
export function DataCollectionPanel() {
  const { t } = useLingui();
  const { user } = useAuth();
  const canWrite = user !== null && hasRole(user.role, 'admin');
  const latest = useLatestRun();
  const collectAll = useConsoleAction('/api/data-collection/collect-all', collectionRunSchema);
  const collectSingle = useConsoleAction('/api/data-collection/collect-single', collectionRunSchema);
  // The run this browser started: when it ends, its toast is shown.
  const [watching, setWatching] = useState<{ id: number; single: boolean } | null>(null);
  const run = latest.data ?? null;
  const working = run !== null && (run.status === 'queued' || run.status === 'running');

  useEffect(() => {
    if (!watching || !run || run.id !== watching.id) return;
    // The report and contacts changed while the job ran: read them again once it ends.
    if (run.status === 'completed' || run.status === 'failed') void refreshEcosystem();
    if (run.status === 'completed') {
      setWatching(null);
      toast(
        watching.single
          ? {
              title: t`App Data Collected`,
              description: t`${plural(run.integration.integrated, { one: '# new contact', other: '# new contacts' })} from ${run.app?.name ?? ''}`,
            }
          : {
              title: t`Data Collection Complete`,
              description: t`${plural(run.totalContacts, { one: '# contact', other: '# contacts' })} collected from ${plural(run.totalApps, { one: '# app', other: '# apps' })}`,
            },
      );
    } else if (run.status === 'failed') {
      setWatching(null);
      toastError(t`Collection Failed`, undefined, failedText(watching.single));
    }
  });
  const failedText = (single: boolean) =>
    single ? t`Failed to collect data from the selected app` : t`Failed to collect data from all apps`;

  const start = (single: string | null) => {
    const mutation = single === null ? collectAll : collectSingle;
    mutation.mutate(single === null ? undefined : { appName: single }, {
      onSuccess: (started) => setWatching({ id: started.id, single: single !== null }),
      onError: () => toastError(t`Collection Failed`, undefined, failedText(single !== null)),
    });
  };

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight">
          <Trans>Data Collection</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Collect leads and records from your apps' data endpoints into your contacts.</Trans>
        </p>
      </div>
      <EcosystemActionsCard
        canWrite={canWrite}
        working={working}
        collecting={collectAll.isPending}
        onCollectAll={() => start(null)}
        run={run}
      />
      <DataEndpointsSection canCollect={canWrite && !working && !collectSingle.isPending} onCollect={start} />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <EcosystemReportCard />
        <CollectionGuideCard />
      </div>
    </div>
  );
}
