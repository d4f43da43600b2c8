import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { formatMoney, formatNumber } from '@client/i18n/format';
import { onErrorToast } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import { cn } from '@client/lib/utils';
import type { Opportunity, PlanItem } from '@domain/cross-sales/cross-sales-schemas';
import { hasRole } from '@domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  useAdvancePlanItem,
  useBacklinks,
  useCrossSalesMetrics,
  useMatrix,
  useOpportunities,
  usePlan,
} from './cross-sales-api';

const dollars = (amount: number) => formatMoney(Math.round(amount * 100));

/** Spec 001 §9: a score of 80 or more is green, 65 or more yellow, otherwise neutral. */
export function scoreClass(score: number): string {
  if (score >= 80) return 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100';
  if (score >= 65) return 'bg-yellow-100 text-yellow-900 dark:bg-yellow-900 dark:text-yellow-100';
  return 'bg-muted text-foreground';
}

function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isLoading) return <Skeleton className="h-32" />;
  if (query.isError || query.data === undefined)
    return (
      <p className="text-sm text-destructive">
        <Trans>This could not be loaded.</Trans>
      </p>
    );
  return <>{children(query.data)}</>;
}

export function CrossSalesPanel() {
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight">
          <Trans>Cross-Sales</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Which of your contacts fit another of your apps, and the plan to offer it to them.</Trans>
        </p>
      </div>
      <Tabs defaultValue="plan">
        <TabsList className="flex h-auto flex-wrap">
          <TabsTrigger value="plan">
            <Trans>Priority Plan</Trans>
          </TabsTrigger>
          <TabsTrigger value="opportunities">
            <Trans>Opportunities</Trans>
          </TabsTrigger>
          <TabsTrigger value="backlinks">
            <Trans>Backlinks</Trans>
          </TabsTrigger>
          <TabsTrigger value="matrix">
            <Trans>Sales Matrix</Trans>
          </TabsTrigger>
          <TabsTrigger value="analytics">
            <Trans>Analytics</Trans>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="plan">
          <PlanTab />
        </TabsContent>
        <TabsContent value="opportunities">
          <OpportunitiesTab />
        </TabsContent>
        <TabsContent value="backlinks">
          <BacklinksTab />
        </TabsContent>
        <TabsContent value="matrix">
          <MatrixTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function PlanTab() {
  const { t } = useLingui();
  const { user } = useAuth();
  const canWrite = user !== null && hasRole(user.role, 'admin');
  const query = usePlan();
  const advance = useAdvancePlanItem();
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <Loaded query={query}>
      {({ items, progress }) => {
        const item = items.find((i) => i.id === selected) ?? null;
        return (
          <div className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
            <div className="space-y-3">
              <div className="space-y-1">
                <div className="flex justify-between text-sm">
                  <span>
                    <Trans>Plan progress</Trans>
                  </span>
                  <span>{formatNumber(progress / 100, { style: 'percent' })}</span>
                </div>
                <Progress value={progress} aria-label={t`Plan progress`} />
              </div>
              {items.length === 0 && (
                <p className="text-sm text-muted-foreground">
                  <Trans>No plan items yet.</Trans>
                </p>
              )}
              {items.map((i) => (
                <button
                  key={i.id}
                  type="button"
                  onClick={() => setSelected(i.id)}
                  aria-pressed={i.id === selected}
                  className="w-full rounded-lg border p-4 text-start hover:bg-accent"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{i.title}</span>
                    <Badge variant={i.priority === 'CRITICAL' ? 'destructive' : 'secondary'}>
                      {i.priority}
                    </Badge>
                    <Badge variant="outline">{i.status}</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {i.sourceApp} → {i.targetApp} · {dollars(i.revenue)} · {i.timeline} · {i.difficulty}
                  </p>
                </button>
              ))}
            </div>
            {item && (
              <PlanDetails
                item={item}
                canWrite={canWrite}
                pending={advance.isPending}
                onAdvance={() =>
                  advance.mutate(item.id, {
                    onError: onErrorToast(t`Update Failed`),
                  })
                }
                onClose={() => setSelected(null)}
              />
            )}
          </div>
        );
      }}
    </Loaded>
  );
}

function PlanDetails(props: {
  item: PlanItem;
  canWrite: boolean;
  pending: boolean;
  onAdvance: () => void;
  onClose: () => void;
}) {
  const { item } = props;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{item.title}</CardTitle>
        <CardDescription>{item.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>
          <Trans>Target audience: {item.targetAudience}</Trans>
        </p>
        <ol className="list-decimal space-y-1 ps-5">
          {item.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          {item.status !== 'Completed' && (
            <Button onClick={props.onAdvance} disabled={!props.canWrite || props.pending}>
              {item.status === 'Not Started' ? (
                <Trans>Mark as Started</Trans>
              ) : (
                <Trans>Mark as Completed</Trans>
              )}
            </Button>
          )}
          <Button variant="outline" onClick={props.onClose}>
            <Trans>Close Details</Trans>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function OpportunitiesTab() {
  const query = useOpportunities();
  const [selected, setSelected] = useState<Opportunity | null>(null);
  return (
    <Loaded query={query}>
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>
              No opportunities yet: they appear when contacts of an app fit another app in the sales matrix.
            </Trans>
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
            <ul className="space-y-2">
              {list.slice(0, 10).map((o) => (
                <li key={`${o.contact.id}-${o.targetApp}`}>
                  <button
                    type="button"
                    onClick={() => setSelected(o)}
                    className="flex w-full items-center gap-3 rounded-lg border p-3 text-start hover:bg-accent"
                  >
                    <span className={cn('rounded px-2 py-1 text-sm font-bold', scoreClass(o.score))}>
                      {o.score}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium">{o.contact.name}</span>
                      <span className="block truncate text-sm text-muted-foreground">
                        {o.currentApp} → {o.targetApp} · {o.targetService}
                      </span>
                    </span>
                    <Badge variant="outline">{o.urgency}</Badge>
                    <span className="text-sm">{dollars(o.valueEstimate)}</span>
                  </button>
                </li>
              ))}
            </ul>
            {selected && (
              <Card>
                <CardHeader>
                  <CardTitle>{selected.contact.name}</CardTitle>
                  <CardDescription>{selected.contact.email}</CardDescription>
                </CardHeader>
                <CardContent className="space-y-3 text-sm">
                  <p>{selected.reasoning}</p>
                  <p className="font-medium">{selected.callToAction}</p>
                  <Button variant="outline" onClick={() => setSelected(null)}>
                    <Trans>Close Details</Trans>
                  </Button>
                </CardContent>
              </Card>
            )}
          </div>
        )
      }
    </Loaded>
  );
}

function BacklinksTab() {
  return (
    <Loaded query={useBacklinks()}>
      {({ implementationGuide, contentPieces }) => (
        <div className="grid gap-6 lg:grid-cols-[20rem_1fr] lg:items-start">
          <Card>
            <CardHeader>
              <CardTitle>
                <Trans>Implementation guide</Trans>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="list-decimal space-y-1 ps-5 text-sm">
                {implementationGuide.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ol>
            </CardContent>
          </Card>
          <div className="grid gap-4 md:grid-cols-2">
            {contentPieces.map((p) => (
              <Card key={`${p.sourceApp}-${p.targetApp}`}>
                <CardHeader>
                  <CardTitle className="text-base">
                    {p.sourceApp} → {p.targetApp}
                  </CardTitle>
                  <CardDescription>{p.placement}</CardDescription>
                </CardHeader>
                <CardContent className="space-y-2 text-sm">
                  <p>{p.description}</p>
                  <p className="text-muted-foreground">
                    <Trans>
                      Expected traffic {formatNumber(p.metrics.expectedTraffic)} · conversion{' '}
                      {formatNumber(p.metrics.conversionPotential, {
                        style: 'percent',
                        maximumFractionDigits: 1,
                      })}{' '}
                      · revenue {dollars(p.metrics.estimatedRevenue)}
                    </Trans>
                  </p>
                </CardContent>
              </Card>
            ))}
          </div>
        </div>
      )}
    </Loaded>
  );
}

function MatrixTab() {
  return (
    <Loaded query={useMatrix()}>
      {({ crossSalesMatrix }) => (
        <div className="grid gap-4 md:grid-cols-2">
          {Object.entries(crossSalesMatrix).map(([source, targets]) => (
            <Card key={source}>
              <CardHeader>
                <CardTitle className="text-base">{source}</CardTitle>
              </CardHeader>
              <CardContent className="space-y-3 text-sm">
                {targets.map((target) => (
                  <div key={target.id}>
                    <p className="font-medium">
                      {target.app}{' '}
                      <span className="text-muted-foreground">
                        {dollars(target.valueRange[0])}–{dollars(target.valueRange[1])}
                      </span>
                    </p>
                    <p className="text-muted-foreground">{target.services.join(', ')}</p>
                    <p>{target.reasoning}</p>
                  </div>
                ))}
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </Loaded>
  );
}

function AnalyticsTab() {
  return (
    <Loaded query={useCrossSalesMetrics()}>
      {(m) => (
        <div className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-3">
            <Stat label={<Trans>Total opportunities</Trans>} value={formatNumber(m.totalOpportunities)} />
            <Stat label={<Trans>Estimated revenue</Trans>} value={dollars(m.estimatedRevenue)} />
            <Stat
              label={<Trans>High-value opportunities</Trans>}
              value={formatNumber(m.highValueOpportunities)}
            />
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>Conversion funnel</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent className="space-y-3">
                {m.conversionFunnel.map((stage) => (
                  <div key={stage.stage} className="space-y-1 text-sm">
                    <div className="flex justify-between">
                      <span>{stage.stage}</span>
                      <span>
                        {formatNumber(stage.count)} ·{' '}
                        {formatNumber(stage.percentage / 100, { style: 'percent' })}
                      </span>
                    </div>
                    <Progress value={stage.percentage} aria-label={stage.stage} />
                  </div>
                ))}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>
                  <Trans>Top target apps</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="space-y-1 text-sm">
                  {m.topTargetApps.map((a) => (
                    <li key={a.app} className="flex justify-between gap-2">
                      <span>{a.app}</span>
                      <span className="text-muted-foreground">
                        {formatNumber(a.count)} · {dollars(a.revenue)}
                      </span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </div>
        </div>
      )}
    </Loaded>
  );
}

function Stat({ label, value }: { label: ReactNode; value: string }) {
  return (
    <Card>
      <CardContent className="pt-6">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold">{value}</p>
      </CardContent>
    </Card>
  );
}
