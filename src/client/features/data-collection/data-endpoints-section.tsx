import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Trans } from '@lingui/react/macro';
import { Database } from 'lucide-react';
import { useDataEndpoints } from './data-collection-api';

/** The workspace's data endpoints, each with a button that collects from its app. */
export function DataEndpointsSection({
  canCollect,
  onCollect,
}: {
  canCollect: boolean;
  onCollect: (appName: string) => void;
}) {
  const endpoints = useDataEndpoints();
  return (
    <section aria-labelledby="data-endpoints-title" className="space-y-3">
      <h3 id="data-endpoints-title" className="text-lg font-semibold">
        <Trans>Data endpoints</Trans>
      </h3>
      <QueryState
        query={endpoints}
        loading={<Skeleton className="h-24" />}
        errorTitle={<Trans>The data endpoints could not be loaded.</Trans>}
        isEmpty={(list) => list.length === 0}
        empty={
          <p className="text-sm text-muted-foreground">
            <Trans>No data endpoints yet. Add them to your apps under Settings → Ecosystem apps.</Trans>
          </p>
        }
      >
        {(list) => (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {list.map((endpoint) => (
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
                    disabled={!canCollect}
                    onClick={() => onCollect(endpoint.appName)}
                  >
                    <Trans>Collect from {endpoint.appName}</Trans>
                  </Button>
                </CardContent>
              </Card>
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}
