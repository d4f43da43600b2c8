import { StatusBadge } from '@client/components/status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatDateTime, formatNumber } from '@client/i18n/format';
import type { DeploymentStatus } from '@domain/webhooks/webhook-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { AppActions } from './app-actions';
import { DeliveryLog } from './delivery-log';

/** The Applications tab's card of one app: its status, events, endpoints, actions and delivery log. */
export function ApplicationCard({
  name,
  app,
  canWrite,
}: {
  name: string;
  app: DeploymentStatus['apps'][string];
  canWrite: boolean;
}) {
  const { t } = useLingui();
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle className="text-lg">{name}</CardTitle>
          <StatusBadge className="ms-auto" tone={app.status === 'active' ? 'ok' : 'neutral'}>
            {app.status === 'active' ? t`active` : t`pending`}
          </StatusBadge>
        </div>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <dl className="grid grid-cols-2 gap-1">
          <dt className="text-muted-foreground">
            <Trans>Events</Trans>
          </dt>
          <dd>{formatNumber(app.event_count)}</dd>
          <dt className="text-muted-foreground">
            <Trans>Endpoints</Trans>
          </dt>
          <dd>{formatNumber(app.webhook_endpoints)}</dd>
          <dt className="text-muted-foreground">
            <Trans>Last event</Trans>
          </dt>
          <dd>{app.last_event ? formatDateTime(app.last_event) : t`Never`}</dd>
        </dl>
        <AppActions appId={app.app_id} name={name} canWrite={canWrite} />
        {canWrite && <DeliveryLog appId={app.app_id} />}
      </CardContent>
    </Card>
  );
}
