import { StatusBadge } from '@client/components/status-badge';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { formatNumber } from '@client/i18n/format';
import { type HealthCheck, recentEventsBar } from '@domain/superhub/superhub-schemas';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2 } from 'lucide-react';

/** System Metrics: active applications, recent events and the alerts of the health check. */
export function SystemMetricsCard({ health }: { health: HealthCheck | undefined }) {
  const { t } = useLingui();
  const ecosystem = health?.ecosystem_health;
  const alerts = health?.alerts ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>System Metrics</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p>
          <Trans>
            Active applications: {formatNumber(ecosystem?.active_applications ?? 0)} /{' '}
            {formatNumber(ecosystem?.total_applications ?? 0)}
          </Trans>
        </p>
        <div className="space-y-1">
          <p>
            <Trans>Recent events: {formatNumber(ecosystem?.recent_events ?? 0)}</Trans>
          </p>
          <Progress value={recentEventsBar(ecosystem?.recent_events ?? 0)} aria-label={t`Recent events`} />
        </div>
        <div>
          {alerts > 0 ? (
            <Badge variant="destructive">
              <Plural value={alerts} one="# alert" other="# alerts" />
            </Badge>
          ) : (
            <StatusBadge tone="ok">
              <CheckCircle2 aria-hidden="true" className="me-1 size-3" />
              <Trans>All Clear</Trans>
            </StatusBadge>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
