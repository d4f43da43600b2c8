import { Card, CardContent } from '@client/components/ui/card';
import { formatNumber } from '@client/i18n/format';
import type { SuperhubDashboard } from '@domain/superhub/superhub-schemas';
import { useLingui } from '@lingui/react/macro';

/** The four figures of Central Monitoring: apps, recent events, monitoring and backups. */
export function SuperhubSummary({ stats }: { stats: SuperhubDashboard['stats'] }) {
  const { t } = useLingui();
  return (
    <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t`Summary`}>
      <Stat label={t`Connected Apps`} value={formatNumber(stats.total_apps)} />
      <Stat label={t`Recent Events`} value={formatNumber(stats.recent_events)} />
      <Stat
        label={t`Monitoring Status`}
        value={
          // Apps are counted by their monitors: with none, "Active" would claim a watch nobody keeps.
          stats.total_apps === 0 ? t`Not measured yet` : stats.monitoring_active ? t`Active` : t`Inactive`
        }
      />
      <Stat label={t`Backups`} value={t`Weekly Auto Backup`} />
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card>
      <CardContent className="pt-6">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold">{value}</p>
      </CardContent>
    </Card>
  );
}
