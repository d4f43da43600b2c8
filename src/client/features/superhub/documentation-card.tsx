import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import type { SuperhubDashboard } from '@domain/superhub/superhub-schemas';
import { Trans } from '@lingui/react/macro';

/** Documentation: how apps talk to the hub, and its webhook and data endpoints. */
export function DocumentationCard({ endpoints }: { endpoints: SuperhubDashboard['endpoints'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Documentation</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Apps post signed events (Standard Webhooks) to their inbound address; the hub probes them and
            forwards events to their endpoints.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <h2 className="mb-1 font-semibold">
            <Trans>Webhook endpoints</Trans>
          </h2>
          <ul className="space-y-1 font-mono text-xs">
            {endpoints.webhooks.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-1 font-semibold">
            <Trans>Data endpoints</Trans>
          </h2>
          <ul className="space-y-1 font-mono text-xs">
            {endpoints.data.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
