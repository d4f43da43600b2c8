import { QueryState } from '@client/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatNumber } from '@client/i18n/format';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useCrossSalesMetrics } from './cross-sales-api';
import { dollars } from './dollars';

/** The Analytics tab: the totals, the conversion funnel and the top target apps. */
export function AnalyticsTab() {
  return (
    <QueryState
      query={useCrossSalesMetrics()}
      loading={<Skeleton className="h-32" />}
      errorTitle={<Trans>This could not be loaded.</Trans>}
    >
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
    </QueryState>
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
