import { QueryState } from '@client/components/query-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { toastError } from '@client/lib/error-toast';
import type { IntegrationStatusAnswer } from '@domain/superhub/superhub-schemas';
import { useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { failureText } from './failure-text';
import { IntegrationAppCard } from './integration-app-card';
import { useIntegrate } from './superhub-api';

/** The applications being integrated, a card each. */
export function IntegrationAppsSection({
  status,
  canWrite,
}: {
  status: UseQueryResult<IntegrationStatusAnswer>;
  canWrite: boolean;
}) {
  const { t } = useLingui();
  const integrate = useIntegrate();
  const start = (appId: number) =>
    integrate.mutate(appId, {
      onSuccess: () => toast({ title: t`Integration Started` }),
      onError: (error) =>
        toastError(t`Integration Failed`, undefined, failureText(error) ?? t`Failed to start integration`),
    });
  return (
    <section className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t`Applications`}>
      <QueryState query={status} loading={<Skeleton className="h-40" />}>
        {(data) =>
          Object.values(data.applications).map((app) => (
            <IntegrationAppCard
              key={app.app_id}
              app={app}
              canWrite={canWrite}
              integrating={integrate.isPending && integrate.variables === app.app_id}
              onIntegrate={() => start(app.app_id)}
            />
          ))
        }
      </QueryState>
    </section>
  );
}
