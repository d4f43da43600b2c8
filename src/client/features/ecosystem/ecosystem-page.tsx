import { QueryError } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { formatNumber } from '@client/i18n/format';
import {
  appCategories,
  bundleSavingsPercent,
  ecosystemBundlePrice,
} from '@domain/ecosystem/ecosystem-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { categoryLabels } from './app-category-labels';
import { CharityCard } from './charity-card';
import { CrossSellCard } from './cross-sell-card';
import { dollars } from './dollars';
import { useEcosystemApps } from './ecosystem-api';
import { EcosystemAppCard } from './ecosystem-app-card';
import { IntegrationCard } from './integration-card';

/** /ecosystem (the signed-in workspace) and /ecosystem-demo (the demo workspace, read-only, for anyone). */
export function EcosystemPage({ demo = false }: { demo?: boolean }) {
  const { t, i18n } = useLingui();
  const apps = useEcosystemApps(demo);
  const [selected, setSelected] = useState<number | null>(null);
  const total = apps.data?.totalEcosystemValue ?? 0;
  return (
    <main className="mx-auto max-w-7xl space-y-8 p-4 sm:p-6">
      <header className="space-y-4 rounded-xl bg-primary p-6 text-primary-foreground">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-3xl font-bold">
            <Trans>Ecosystem Integration</Trans>
          </h1>
          {demo && (
            <Badge variant="secondary">
              <Trans>Live demo</Trans>
            </Badge>
          )}
        </div>
        {apps.isLoading ? (
          <Skeleton className="h-16" />
        ) : (
          <dl className="grid gap-4 sm:grid-cols-4">
            <Hero label={t`Total apps`} value={formatNumber(apps.data?.apps.length ?? 0)} />
            <Hero label={t`Monthly value`} value={dollars(total)} />
            <Hero label={t`Bundle price`} value={t`${dollars(ecosystemBundlePrice)}/month`} />
            <Hero
              label={t`Savings`}
              value={formatNumber(bundleSavingsPercent(total) / 100, { style: 'percent' })}
            />
          </dl>
        )}
      </header>
      {apps.error ? (
        <QueryError error={apps.error} onRetry={apps.refetch} />
      ) : (
        <Tabs defaultValue="all">
          <TabsList className="flex h-auto flex-wrap">
            <TabsTrigger value="all">
              <Trans>All Apps</Trans>
            </TabsTrigger>
            {appCategories.map((c) => (
              <TabsTrigger key={c} value={c}>
                {i18n._(categoryLabels[c])}
              </TabsTrigger>
            ))}
          </TabsList>
          {(['all', ...appCategories] as const).map((tab) => (
            <TabsContent key={tab} value={tab}>
              <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {/* Room for the cards while they load: what follows does not jump down when they arrive. */}
                {apps.isLoading && [0, 1, 2].map((i) => <Skeleton key={i} className="h-64" />)}
                {apps.data?.apps
                  .filter((a) => tab === 'all' || a.category === tab)
                  .map((app) => (
                    <EcosystemAppCard
                      key={app.id}
                      app={app}
                      selected={selected === app.id}
                      onToggle={() => setSelected(selected === app.id ? null : app.id)}
                    />
                  ))}
              </div>
            </TabsContent>
          ))}
        </Tabs>
      )}
      {selected !== null && <CrossSellCard appId={selected} demo={demo} />}
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <CharityCard demo={demo} />
        <IntegrationCard demo={demo} />
      </div>
    </main>
  );
}

function Hero({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </div>
  );
}

export function EcosystemDemoPage() {
  return <EcosystemPage demo />;
}
