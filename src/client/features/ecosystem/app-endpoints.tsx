import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { toastError } from '@client/lib/error-toast';
import type { EcosystemApp, EcosystemEndpoint } from '@domain/ecosystem/ecosystem-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteEndpoint } from './ecosystem-api';
import { EndpointDialog } from './endpoint-dialog';

/** An app's data endpoints in settings: whether each has an auth header, never the header itself. */
export function AppEndpoints({ app, canManage }: { app: EcosystemApp; canManage: boolean }) {
  const { t } = useLingui();
  const remove = useDeleteEndpoint();
  // undefined: closed; null: adding; an endpoint: editing it.
  const [editing, setEditing] = useState<EcosystemEndpoint | null | undefined>(undefined);
  return (
    <div className="mt-2 space-y-1 ps-3">
      {app.endpoints.length === 0 ? (
        <p className="text-xs text-muted-foreground">
          <Trans>No data endpoints.</Trans>
        </p>
      ) : (
        <ul className="space-y-1" aria-label={t`Data endpoints of ${app.name}`}>
          {app.endpoints.map((endpoint) => (
            <li key={endpoint.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
              <div className="min-w-40 flex-1">
                <span className="font-medium">{endpoint.name}</span>{' '}
                <span className="text-muted-foreground">
                  · {endpoint.format.toUpperCase()} · {endpoint.category}
                </span>
                <p className="truncate text-muted-foreground">{endpoint.url}</p>
              </div>
              {endpoint.hasAuthHeader && (
                <Badge variant="secondary" className="gap-1">
                  <KeyRound className="h-3 w-3" aria-hidden="true" />
                  <Trans>Auth header set</Trans>
                </Badge>
              )}
              {canManage && (
                <>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => setEditing(endpoint)}
                    aria-label={t`Edit endpoint ${endpoint.name} of ${app.name}`}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t`Remove endpoint ${endpoint.name} of ${app.name}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(endpoint.id, {
                        onError: (error) => toastError(t`Removal failed`, error),
                      })
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" />
          <Trans>Add endpoint to {app.name}</Trans>
        </Button>
      )}
      {editing !== undefined && (
        <EndpointDialog
          appId={app.id}
          appName={app.name}
          endpoint={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </div>
  );
}
