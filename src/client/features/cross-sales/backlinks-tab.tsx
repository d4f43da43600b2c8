import { QueryState } from '@client/components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatNumber } from '@client/i18n/format';
import { Trans } from '@lingui/react/macro';
import { useBacklinks } from './cross-sales-api';
import { dollars } from './dollars';

/** The Backlinks tab: the implementation guide and the content pieces linking one app to another. */
export function BacklinksTab() {
  return (
    <QueryState
      query={useBacklinks()}
      loading={<Skeleton className="h-32" />}
      errorTitle={<Trans>This could not be loaded.</Trans>}
    >
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
    </QueryState>
  );
}
