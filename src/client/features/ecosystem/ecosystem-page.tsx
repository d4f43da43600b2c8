import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { formatMoney, formatNumber } from '@client/i18n/format';
import { errorMessage } from '@client/lib/api';
import { onErrorToast } from '@client/lib/error-toast';
import { cn } from '@client/lib/utils';
import {
  type AppCategory,
  appCategories,
  bundleSavingsPercent,
  type EcosystemApp,
  ecosystemBundlePrice,
} from '@domain/ecosystem/ecosystem-schemas';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, ExternalLink, Heart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  downloadIntegrationPackage,
  useCrossSell,
  useEcosystemApps,
  useIntegrationStatus,
  usePricingTable,
} from './ecosystem-api';

const categoryLabels: Record<AppCategory, ReturnType<typeof msg>> = {
  core: msg`Core`,
  business: msg`Business`,
  healing: msg`Healing`,
  nonprofit: msg`Nonprofit`,
  entertainment: msg`Entertainment`,
  education: msg`Education`,
};

const dollars = (amount: number) => formatMoney(Math.round(amount * 100));

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
      {apps.isError ? (
        <p className="text-sm text-destructive">{errorMessage(apps.error)}</p>
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
                {apps.data?.apps
                  .filter((a) => tab === 'all' || a.category === tab)
                  .map((app) => (
                    <AppCard
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

function AppCard({
  app,
  selected,
  onToggle,
}: {
  app: EcosystemApp;
  selected: boolean;
  onToggle: () => void;
}) {
  const { i18n } = useLingui();
  const p = app.pricing;
  return (
    <Card className={cn('flex flex-col', selected && 'ring-2 ring-primary')}>
      <CardHeader>
        <div className="flex items-start gap-2">
          <CardTitle className="text-lg">
            <button
              type="button"
              onClick={onToggle}
              aria-pressed={selected}
              className="text-start hover:underline"
            >
              {app.name}
            </button>
          </CardTitle>
          <a
            href={app.url}
            target="_blank"
            rel="noreferrer"
            className="ms-auto text-muted-foreground hover:text-foreground"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">
              <Trans>Open {app.name}</Trans>
            </span>
          </a>
        </div>
        <Badge variant="secondary" className="w-fit">
          {i18n._(categoryLabels[app.category])}
        </Badge>
        <CardDescription>{app.description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto space-y-2 text-sm">
        <ul className="space-y-0.5">
          {p.free && (
            <li>
              <Trans>Free to start</Trans>
            </li>
          )}
          {p.monthly !== null && (
            <li>
              <Trans>{dollars(p.monthly)}/month</Trans>
            </li>
          )}
          {p.annual !== null && (
            <li>
              <Trans>{dollars(p.annual)}/year</Trans>
            </li>
          )}
          {p.lifetime !== null && (
            <li>
              <Trans>{dollars(p.lifetime)} lifetime</Trans>
            </li>
          )}
          {p.oneTime !== null && (
            <li>
              <Trans>From {dollars(p.oneTime)} one-time</Trans>
            </li>
          )}
        </ul>
        <ul className="flex flex-wrap gap-1">
          {app.features.slice(0, 3).map((f) => (
            <li key={f}>
              <Badge variant="outline">{f}</Badge>
            </li>
          ))}
          {app.features.length > 3 && (
            <li>
              <Badge variant="outline">
                <Trans>+{app.features.length - 3} more</Trans>
              </Badge>
            </li>
          )}
        </ul>
      </CardContent>
    </Card>
  );
}

function CrossSellCard({ appId, demo }: { appId: number; demo: boolean }) {
  const { data, isLoading } = useCrossSell(appId, demo);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Cross-sell opportunities for {data?.app.name ?? '…'}</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-16" />
        ) : data?.crossSellOpportunities.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No cross-sell targets for this app yet.</Trans>
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {data?.crossSellOpportunities.map((o) => (
              <li key={o.targetApp} className="rounded-lg border p-3 text-sm">
                <div className="flex items-center gap-2">
                  <span className="font-semibold">{o.targetApp}</span>
                  <Badge variant={o.priority === 'high' ? 'default' : 'secondary'} className="ms-auto">
                    {o.priority}
                  </Badge>
                </div>
                <p>{o.context}</p>
                <p className="text-muted-foreground">
                  {o.incentive} · {o.placement}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function CharityCard({ demo }: { demo: boolean }) {
  const { data } = usePricingTable(demo);
  const g = data?.charitableGiving;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Heart className="size-5" aria-hidden="true" />
          <Trans>Charitable Impact</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            From the revenue recorded in this workspace: net profit is 67% of gross, 20% of it is donated.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-3 gap-4 text-sm">
          <div>
            <dt className="text-muted-foreground">
              <Trans>Gross revenue</Trans>
            </dt>
            <dd className="text-xl font-bold">{g ? dollars(g.grossRevenue) : '—'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">
              <Trans>Net profit</Trans>
            </dt>
            <dd className="text-xl font-bold">{g ? dollars(g.netProfit) : '—'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">
              <Trans>Donation</Trans>
            </dt>
            <dd className="text-xl font-bold">{g ? dollars(g.charitableDonation) : '—'}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function IntegrationCard({ demo }: { demo: boolean }) {
  const { t } = useLingui();
  const { data } = useIntegrationStatus(demo);
  const download = () => downloadIntegrationPackage(demo).catch(onErrorToast(t`Download failed`));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Integration status</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Add each app's cross-sell snippet from the integration package, then collect its data from the
            dashboard.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-4 text-sm">
          <Metric label={t`Total applications`} value={formatNumber(data?.totalApplications ?? 0)} />
          <Metric
            label={t`Cross-sell opportunities`}
            value={formatNumber(data?.crossSellOpportunities ?? 0)}
          />
          <Metric label={t`Link fixes deployed`} value={formatNumber(data?.linkFixesDeployed ?? 0)} />
          <Metric
            label={t`Total ecosystem value`}
            value={t`${dollars(data?.totalEcosystemValue ?? 0)}/month`}
          />
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href="/deployment-demo" target="_blank" rel="noreferrer">
              <Trans>View Deployment Dashboard</Trans>
            </a>
          </Button>
          <Button asChild variant="outline">
            <Link href="/pricing">
              <Trans>View Unified Pricing</Trans>
            </Link>
          </Button>
          <Button onClick={download}>
            <Download aria-hidden="true" />
            <Trans>Download Integration Package</Trans>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
}

export function EcosystemDemoPage() {
  return <EcosystemPage demo />;
}
