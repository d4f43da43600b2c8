import { QueryState } from '@client/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatMoney, formatNumber } from '@client/i18n/format';
import { Trans } from '@lingui/react/macro';
import { useEcosystemReport } from './data-collection-api';

/** The Ecosystem Report: the contacts collected, their value and the top sources. */
export function EcosystemReportCard() {
  const report = useEcosystemReport();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Ecosystem Report</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={report}
          loading={<Skeleton className="h-24" />}
          errorTitle={<Trans>The report could not be loaded.</Trans>}
          isEmpty={(data) => data.totalContacts === 0}
          empty={
            <p className="text-sm text-muted-foreground">
              <Trans>No ecosystem data available</Trans>
            </p>
          }
        >
          {(data) => (
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
        </QueryState>
      </CardContent>
    </Card>
  );
}
