import { Card, CardContent } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatNumber } from '@client/i18n/format';
import type { HealthCheck, IntegrationStatusAnswer } from '@domain/superhub/superhub-schemas';
import { useLingui } from '@lingui/react/macro';
import { percent } from './integration-percent';

/** Phase 3's four figures; each waits for its query with a skeleton. */
export function Phase3Summary({
  summary,
  ecosystem,
}: {
  summary: IntegrationStatusAnswer['summary'] | undefined;
  ecosystem: HealthCheck['ecosystem_health'] | undefined;
}) {
  const { t } = useLingui();
  return (
    <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t`Summary`}>
      <Stat label={t`Total Apps`} value={summary ? formatNumber(summary.total_apps) : null} />
      <Stat label={t`Active Apps`} value={summary ? formatNumber(summary.active_apps) : null} />
      <Stat label={t`Integration Progress`} value={summary ? percent(summary.overall_progress) : null} />
      <Stat
        label={t`System Health`}
        value={
          !ecosystem || !summary
            ? null
            : summary.total_apps === 0
              ? t`Not measured yet`
              : percent(ecosystem.uptime_percentage)
        }
      />
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string | null }) {
  return (
    <Card>
      <CardContent className="pt-6">
        <p className="text-sm text-muted-foreground">{label}</p>
        {value === null ? <Skeleton className="h-8 w-20" /> : <p className="text-2xl font-bold">{value}</p>}
      </CardContent>
    </Card>
  );
}
