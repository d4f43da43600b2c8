import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { toastError } from '@client/lib/error-toast';
import {
  type CollectionRun,
  createEcosystemResultSchema,
  updateSourcesResultSchema,
} from '@domain/data-collection/data-collection-schemas';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Building2, Download, Loader2, RefreshCw } from 'lucide-react';
import { useConsoleAction } from './data-collection-api';
import { RunProgress } from './run-progress';

/** Ecosystem actions: collect from every app, create ecosystem contacts, update sources; the latest run. */
export function EcosystemActionsCard({
  canWrite,
  working,
  collecting,
  onCollectAll,
  run,
}: {
  canWrite: boolean;
  /** A collection is queued or running. */
  working: boolean;
  /** The collection of every app is being started. */
  collecting: boolean;
  onCollectAll: () => void;
  run: CollectionRun | null;
}) {
  const { t } = useLingui();
  const createEcosystem = useConsoleAction(
    '/api/data-collection/create-ecosystem',
    createEcosystemResultSchema,
  );
  const updateSources = useConsoleAction('/api/data-collection/update-sources', updateSourcesResultSchema);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Ecosystem actions</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-2">
          <Button onClick={onCollectAll} disabled={!canWrite || working || collecting}>
            {collecting ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Download aria-hidden="true" />
            )}
            <Trans>Collect All Apps</Trans>
          </Button>
          <Button
            variant="outline"
            disabled={!canWrite || createEcosystem.isPending}
            onClick={() =>
              createEcosystem.mutate(undefined, {
                onSuccess: ({ created, updated }) =>
                  toast({
                    title: t`Ecosystem Contacts Created`,
                    description: t`${created} created, ${updated} updated`,
                  }),
                onError: () =>
                  toastError(t`Creation Failed`, undefined, t`Failed to create ecosystem contacts`),
              })
            }
          >
            <Building2 aria-hidden="true" />
            <Trans>Create Ecosystem Contacts</Trans>
          </Button>
          <Button
            variant="outline"
            disabled={!canWrite || updateSources.isPending}
            onClick={() =>
              updateSources.mutate(undefined, {
                onSuccess: ({ standardized }) =>
                  toast({
                    title: t`Sources Updated`,
                    description: t`${plural(standardized, { one: '# contact standardized', other: '# contacts standardized' })}`,
                  }),
                onError: () => toastError(t`Update Failed`, undefined, t`Failed to update contact sources`),
              })
            }
          >
            <RefreshCw aria-hidden="true" />
            <Trans>Update Sources</Trans>
          </Button>
        </div>
        {run && <RunProgress run={run} />}
      </CardContent>
    </Card>
  );
}
