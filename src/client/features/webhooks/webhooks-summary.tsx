import { QueryState, type QueryStateSource } from '@client/components/query-state';
import { Card, CardContent } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatNumber } from '@client/i18n/format';
import type { DeploymentStatus } from '@domain/webhooks/webhook-schemas';
import { useLingui } from '@lingui/react/macro';

/** The four counts above the tabs: apps, active, pending and events. */
export function WebhooksSummary({ status }: { status: QueryStateSource<DeploymentStatus> }) {
  const { t } = useLingui();
  return (
    <QueryState query={status} loading={<Skeleton className="h-24" />}>
      {({ summary }) => (
        <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t`Summary`}>
          <Stat label={t`Total Apps`} value={summary.total_apps} />
          <Stat label={t`Active`} value={summary.active_apps} />
          <Stat label={t`Pending`} value={summary.pending_apps} />
          <Stat label={t`Total Events`} value={summary.total_events} />
        </section>
      )}
    </QueryState>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card>
      <CardContent className="pt-6">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold">{formatNumber(value)}</p>
      </CardContent>
    </Card>
  );
}
