import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Trans } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';
import { useAppSources } from './data-collection-api';

/** App Sources: the apps of the ecosystem, each with its link. */
export function AppSourcesCard() {
  const sources = useAppSources();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>App Sources</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>The apps of your ecosystem. Manage them in Settings.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={sources}
          loading={<Skeleton className="h-24" />}
          errorTitle={<Trans>The app sources could not be loaded.</Trans>}
          isEmpty={(list) => list.length === 0}
          empty={
            <p className="text-sm text-muted-foreground">
              <Trans>No apps yet. Add your apps under Settings → Ecosystem apps.</Trans>
            </p>
          }
        >
          {(list) => (
            <ul className="divide-y">
              {list.map((source) => (
                <li key={source.name} className="py-2">
                  <div className="flex items-center gap-2">
                    <span className="font-medium">{source.name}</span>
                    <Badge variant="secondary">{source.type}</Badge>
                    <a
                      href={source.url}
                      target="_blank"
                      rel="noreferrer"
                      className="ms-auto text-muted-foreground hover:text-foreground"
                    >
                      <ExternalLink className="size-4" aria-hidden="true" />
                      <span className="sr-only">
                        <Trans>Open {source.name}</Trans>
                      </span>
                    </a>
                  </div>
                  <p className="text-sm text-muted-foreground">{source.description}</p>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
