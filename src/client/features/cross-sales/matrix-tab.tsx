import { QueryState } from '@client/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Trans } from '@lingui/react/macro';
import { useMatrix } from './cross-sales-api';
import { dollars } from './dollars';

/** The Sales Matrix tab: for each app, the apps its contacts fit and why. */
export function MatrixTab() {
  return (
    <QueryState
      query={useMatrix()}
      loading={<Skeleton className="h-32" />}
      errorTitle={<Trans>This could not be loaded.</Trans>}
    >
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
    </QueryState>
  );
}
