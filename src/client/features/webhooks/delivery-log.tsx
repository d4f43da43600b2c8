import { Badge } from '@client/components/ui/badge';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { EndpointDeliveries } from './endpoint-deliveries';
import { useAppEndpoints } from './webhooks-api';

/** Each endpoint's deliveries: attempts, status, response excerpt and duration, with replay. */
export function DeliveryLog({ appId }: { appId: number }) {
  const [open, setOpen] = useState(false);
  const endpoints = useAppEndpoints(appId, open);
  return (
    <details onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary className="cursor-pointer text-muted-foreground">
        <Trans>Delivery log</Trans>
      </summary>
      <div className="mt-2 space-y-3">
        {endpoints.data?.map((endpoint) => (
          <div key={endpoint.id} className="space-y-1">
            <p className="break-all font-mono text-xs">
              {endpoint.url}{' '}
              {endpoint.disabled && (
                <Badge variant="destructive">
                  <Trans>disabled</Trans>
                </Badge>
              )}
            </p>
            <EndpointDeliveries endpointId={endpoint.id} />
          </div>
        ))}
      </div>
    </details>
  );
}
