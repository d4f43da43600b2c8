import { Button } from '@client/components/ui/button';
import { ExportMenu } from '@client/features/reports';
import type { WebhookEndpointWithHealth } from '@domain/webhooks/webhook-schemas';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { EndpointDeliveries } from './endpoint-deliveries';
import { EndpointFormDialog } from './endpoint-form-dialog';
import { EndpointSummary } from './endpoint-health';
import { useEndpoints } from './webhooks-api';

/** Each endpoint's health, its event filter and account (editable), and deliveries: attempts, status, response excerpt and duration, with replay. */
export function DeliveryLog({ appId }: { appId: number }) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpointWithHealth | null>(null);
  const endpoints = useEndpoints({ appId }, open);
  return (
    <details onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary className="cursor-pointer text-muted-foreground">
        <Trans>Delivery log</Trans>
      </summary>
      <div className="mt-2 space-y-3">
        {endpoints.data?.map((endpoint) => (
          <div key={endpoint.id} className="space-y-1" data-testid="webhook-endpoint">
            <EndpointSummary endpoint={endpoint} show="company" />
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => setEditing(endpoint)}>
                <Trans>Edit endpoint</Trans>
              </Button>
              <ExportMenu list="webhookDeliveries" narrow={{ endpointId: endpoint.id }} />
            </div>
            <EndpointDeliveries endpointId={endpoint.id} />
          </div>
        ))}
      </div>
      {editing && <EndpointFormDialog endpoint={editing} onClose={() => setEditing(null)} />}
    </details>
  );
}
