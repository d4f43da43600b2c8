import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Trans } from '@lingui/react/macro';
import { useCrossSell } from './ecosystem-api';

/** The selected app's cross-sell targets. */
export function CrossSellCard({ appId, demo }: { appId: number; demo: boolean }) {
  const crossSell = useCrossSell(appId, demo);
  const data = crossSell.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Cross-sell opportunities for {data?.app.name ?? '…'}</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={crossSell}
          loading={<Skeleton className="h-16" />}
          isEmpty={(d) => d.crossSellOpportunities.length === 0}
          empty={
            <p className="text-sm text-muted-foreground">
              <Trans>No cross-sell targets for this app yet.</Trans>
            </p>
          }
        >
          {({ crossSellOpportunities }) => (
            <ul className="grid gap-3 md:grid-cols-2">
              {crossSellOpportunities.map((o) => (
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
        </QueryState>
      </CardContent>
    </Card>
  );
}
