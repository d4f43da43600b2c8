import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/utils';
import type { Opportunity } from '@domain/cross-sales/cross-sales-schemas';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useOpportunities } from './cross-sales-api';
import { dollars } from './dollars';
import { scoreClass } from './score-class';

/** The Opportunities tab: the ten best-scored contacts for another app; the selected one shows why. */
export function OpportunitiesTab() {
  const query = useOpportunities();
  const [selected, setSelected] = useState<Opportunity | null>(null);
  return (
    <QueryState
      query={query}
      loading={<Skeleton className="h-32" />}
      errorTitle={<Trans>This could not be loaded.</Trans>}
      isEmpty={(list) => list.length === 0}
      empty={
        <p className="text-sm text-muted-foreground">
          <Trans>
            No opportunities yet: they appear when contacts of an app fit another app in the sales matrix.
          </Trans>
        </p>
      }
    >
      {(list) => (
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
      )}
    </QueryState>
  );
}
