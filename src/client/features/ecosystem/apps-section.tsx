import { QueryState } from '@client/components/query-state';
import type { SettingsSectionProps } from '@client/components/settings-section-props';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { onErrorToast } from '@client/lib/error-toast';
import type { EcosystemApp } from '@domain/ecosystem/ecosystem-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { AppDialog } from './app-dialog';
import { AppEndpoints } from './app-endpoints';
import { useDeleteApp, useEcosystemApps } from './ecosystem-api';

/** Settings → Ecosystem apps: admins and owners list, add, edit and remove the workspace's apps. */
export function AppsSection({ canManage }: SettingsSectionProps) {
  const { t } = useLingui();
  const apps = useEcosystemApps();
  const remove = useDeleteApp();
  // undefined: closed; null: adding; an app: editing it.
  const [editing, setEditing] = useState<EcosystemApp | null | undefined>(undefined);
  return (
    <QueryState
      query={apps}
      loading={<Skeleton className="h-24" />}
      errorTitle={<Trans>Your apps could not be loaded.</Trans>}
    >
      {(data) => (
        <div className="space-y-4">
          {data.apps.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>No apps yet.</Trans>
            </p>
          ) : (
            <ul className="divide-y rounded-md border">
              {data.apps.map((app) => (
                <li key={app.id} className="flex flex-wrap items-center gap-2 p-3 text-sm">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{app.name}</p>
                    <p className="truncate text-muted-foreground">
                      {app.category} · {app.type} · {app.url}
                    </p>
                  </div>
                  {canManage && (
                    <>
                      <Button
                        variant="ghost"
                        size="icon"
                        onClick={() => setEditing(app)}
                        aria-label={t`Edit ${app.name}`}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t`Remove ${app.name}`}
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(app.id, {
                            onError: onErrorToast(t`Removal failed`),
                          })
                        }
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </>
                  )}
                  <div className="w-full">
                    <AppEndpoints app={app} canManage={canManage} />
                  </div>
                </li>
              ))}
            </ul>
          )}
          {canManage && (
            <Button variant="outline" onClick={() => setEditing(null)}>
              <Plus aria-hidden="true" />
              <Trans>Add app</Trans>
            </Button>
          )}
          {editing !== undefined && <AppDialog app={editing} onClose={() => setEditing(undefined)} />}
        </div>
      )}
    </QueryState>
  );
}
