import { QueryState } from '@client/components/query-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { Trans } from '@lingui/react/macro';
import { EndpointSummary } from './endpoint-health';
import { useEndpoints } from './webhooks-api';

/** The company screen's "Webhook endpoints": each endpoint linked to the company, with its delivery health. */
export function CompanyEndpoints({ companyId }: { companyId: number }) {
  const endpoints = useEndpoints({ companyId });
  return (
    <section aria-labelledby="company-endpoints" className="space-y-3">
      <h2 id="company-endpoints" className="text-lg font-semibold">
        <Trans>Webhook endpoints</Trans>
      </h2>
      <QueryState
        query={endpoints}
        loading={<Skeleton className="h-16" />}
        isEmpty={(list) => list.length === 0}
        empty={
          <p className="text-sm text-muted-foreground">
            <Trans>No webhook endpoint is linked to this company.</Trans>
          </p>
        }
      >
        {(list) => (
          <ul className="space-y-4">
            {list.map((endpoint) => (
              <li key={endpoint.id} className="rounded-md border p-3" data-testid="company-endpoint">
                <EndpointSummary endpoint={endpoint} show="app" />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
