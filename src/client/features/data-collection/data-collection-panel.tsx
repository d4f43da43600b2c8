import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { formatMoney, formatNumber } from '@client/i18n/format';
import { messageRefText } from '@client/i18n/stored-message';
import { toastError } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import {
  type CollectionRun,
  collectionRunSchema,
  createEcosystemResultSchema,
  updateSourcesResultSchema,
} from '@domain/data-collection/data-collection-schemas';
import { hasRole } from '@domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { Building2, Database, Download, Loader2, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  refreshEcosystem,
  useConsoleAction,
  useDataEndpoints,
  useEcosystemReport,
  useLatestRun,
} from './data-collection-api';

export function DataCollectionPanel() {
  const { t } = useLingui();
  const { user } = useAuth();
  const canWrite = user !== null && hasRole(user.role, 'admin');
  const endpoints = useDataEndpoints();
  const latest = useLatestRun();
  const collectAll = useConsoleAction('/api/data-collection/collect-all', collectionRunSchema);
  const collectSingle = useConsoleAction('/api/data-collection/collect-single', collectionRunSchema);
  const createEcosystem = useConsoleAction(
    '/api/data-collection/create-ecosystem',
    createEcosystemResultSchema,
  );
  const updateSources = useConsoleAction('/api/data-collection/update-sources', updateSourcesResultSchema);
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
              description: t`${run.integration.integrated} new contacts from ${run.app?.name ?? ''}`,
            }
          : {
              title: t`Data Collection Complete`,
              description: t`${run.totalContacts} contacts collected from ${run.totalApps} apps`,
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
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Ecosystem actions</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => start(null)} disabled={!canWrite || working || collectAll.isPending}>
              {collectAll.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Download aria-hidden="true" />
              )}
              <Trans>Collect All Apps</Trans>
            </Button>
            <Button
              variant="outline"
              disabled={!canWrite || createEcosystem.isPending}
              onClick={() =>
                createEcosystem.mutate(undefined, {
                  onSuccess: ({ created, updated }) =>
                    toast({
                      title: t`Ecosystem Contacts Created`,
                      description: t`${created} created, ${updated} updated`,
                    }),
                  onError: () =>
                    toastError(t`Creation Failed`, undefined, t`Failed to create ecosystem contacts`),
                })
              }
            >
              <Building2 aria-hidden="true" />
              <Trans>Create Ecosystem Contacts</Trans>
            </Button>
            <Button
              variant="outline"
              disabled={!canWrite || updateSources.isPending}
              onClick={() =>
                updateSources.mutate(undefined, {
                  onSuccess: ({ standardized }) =>
                    toast({
                      title: t`Sources Updated`,
                      description: t`${standardized} contacts standardized`,
                    }),
                  onError: () => toastError(t`Update Failed`, undefined, t`Failed to update contact sources`),
                })
              }
            >
              <RefreshCw aria-hidden="true" />
              <Trans>Update Sources</Trans>
            </Button>
          </div>
          {run && <RunProgress run={run} />}
        </CardContent>
      </Card>
      <section aria-labelledby="data-endpoints-title" className="space-y-3">
        <h3 id="data-endpoints-title" className="text-lg font-semibold">
          <Trans>Data endpoints</Trans>
        </h3>
        {endpoints.isLoading ? (
          <Skeleton className="h-24" />
        ) : endpoints.isError ? (
          <p className="text-sm text-destructive">
            <Trans>The data endpoints could not be loaded.</Trans>
          </p>
        ) : endpoints.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No data endpoints yet. Add them to your apps under Settings → Ecosystem apps.</Trans>
          </p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {endpoints.data?.map((endpoint) => (
              <Card key={endpoint.id}>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2 text-base">
                    <Database className="size-4" aria-hidden="true" />
                    {endpoint.name}
                  </CardTitle>
                  <CardDescription>{endpoint.appName}</CardDescription>
                </CardHeader>
                <CardContent className="space-y-2 text-sm">
                  <div className="flex flex-wrap gap-1">
                    <Badge variant="secondary">{endpoint.type}</Badge>
                    <Badge variant="outline">{endpoint.category}</Badge>
                    <Badge variant="outline">{endpoint.format.toUpperCase()}</Badge>
                  </div>
                  <p className="text-muted-foreground">{endpoint.description}</p>
                  <p className="break-all text-xs text-muted-foreground">{endpoint.url}</p>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!canWrite || working || collectSingle.isPending}
                    onClick={() => start(endpoint.appName)}
                  >
                    <Trans>Collect from {endpoint.appName}</Trans>
                  </Button>
                </CardContent>
              </Card>
            ))}
          </div>
        )}
      </section>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <ReportCard />
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>How collection works</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="list-decimal space-y-1 ps-5 text-sm">
              <li>
                <Trans>
                  Each endpoint is fetched in the background: a JSON list, {'{"data": [...]}'} pages linked by
                  "next", or CSV.
                </Trans>
              </li>
              <li>
                <Trans>
                  Rows are mapped to contact fields, validated and matched by email, then phone, like a CSV
                  import.
                </Trans>
              </li>
              <li>
                <Trans>
                  New people become contacts with the app as source; known ones only get their blank fields
                  filled.
                </Trans>
              </li>
              <li>
                <Trans>An endpoint that fails is reported with its reason; the others carry on.</Trans>
              </li>
            </ol>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function RunProgress({ run }: { run: CollectionRun }) {
  const { t } = useLingui();
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-sm">
        <span>{run.app ? t`Collecting from ${run.app.name}` : t`Collecting from all apps`}</span>
        <span aria-live="polite">{formatNumber(run.progress / 100, { style: 'percent' })}</span>
      </div>
      <Progress value={run.progress} aria-label={t`Collection progress`} />
      <ul className="space-y-1 text-xs">
        {run.results.map((r) => (
          <li key={`${r.appName}-${r.endpointName}`} className="flex flex-wrap gap-x-2">
            <span className="font-medium">
              {r.appName} · {r.endpointName}
            </span>
            <span className={r.status === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>
              {r.status === 'failed'
                ? messageRefText(r.reasonMessage, r.reason ?? '')
                : t`${r.fetched} fetched, ${r.created} created, ${r.updated} updated, ${r.failed} failed`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReportCard() {
  const { data, isLoading, isError } = useEcosystemReport();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Ecosystem Report</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-24" />
        ) : isError ? (
          <p className="text-sm text-destructive">
            <Trans>The report could not be loaded.</Trans>
          </p>
        ) : !data || data.totalContacts === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No ecosystem data available</Trans>
          </p>
        ) : (
          <div className="space-y-4 text-sm">
            <dl className="grid grid-cols-2 gap-4">
              <div>
                <dt className="text-muted-foreground">
                  <Trans>Total contacts</Trans>
                </dt>
                <dd className="text-2xl font-bold">{formatNumber(data.totalContacts)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">
                  <Trans>Total value</Trans>
                </dt>
                <dd className="text-2xl font-bold">{formatMoney(Math.round(data.totalValue * 100))}</dd>
              </div>
            </dl>
            <div>
              <h4 className="mb-1 font-medium">
                <Trans>Top sources</Trans>
              </h4>
              <ul className="space-y-1">
                {data.topSources.map((s) => (
                  <li key={s.source} className="flex justify-between gap-2">
                    <span>{s.source}</span>
                    <span className="text-muted-foreground">
                      {formatNumber(s.count)} · {formatMoney(Math.round(s.value * 100))}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
