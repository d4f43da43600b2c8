import { StatusBadge, type Tone } from '@client/components/status-badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { formatNumber } from '@client/i18n/format';
import { messageRefText } from '@client/i18n/stored-message';
import type { IntegrationStatus, IntegrationStatusAnswer } from '@domain/superhub/superhub-schemas';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, Play } from 'lucide-react';
import { percent } from './integration-percent';

const statusLabels: Record<IntegrationStatus, ReturnType<typeof msg>> = {
  pending: msg`pending`,
  integrating: msg`integrating`,
  active: msg`active`,
  error: msg`error`,
};
/** Spec 001 §4: active green, integrating yellow, error red, anything else grey. */
const statusTones: Record<IntegrationStatus, Tone> = {
  pending: 'neutral',
  integrating: 'busy',
  active: 'ok',
  error: 'bad',
};

/** An application's integration: its status, progress, events and errors; integrate it or get its script. */
export function IntegrationAppCard({
  app,
  canWrite,
  integrating,
  onIntegrate,
}: {
  app: IntegrationStatusAnswer['applications'][string];
  canWrite: boolean;
  /** Its integration is being started. */
  integrating: boolean;
  onIntegrate: () => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle className="text-lg">{app.name}</CardTitle>
          <StatusBadge tone={statusTones[app.status]} className="ms-auto">
            {i18n._(statusLabels[app.status])}
          </StatusBadge>
        </div>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <div className="space-y-1">
          <p>
            <Trans>Progress {percent(app.deployment_progress)}</Trans>
          </p>
          <Progress value={app.deployment_progress} aria-label={t`Progress of ${app.name}`} />
        </div>
        <p>
          <Trans>
            Events received: {formatNumber(app.events_received)} · Errors: {formatNumber(app.error_count)}
          </Trans>
        </p>
        {app.status === 'error' && app.error && (
          <p className="text-destructive">{messageRefText(app.error_message, app.error)}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={onIntegrate}
            disabled={!canWrite || integrating || app.status === 'active'}
          >
            <Play aria-hidden="true" />
            <Trans>Integrate</Trans>
          </Button>
          {canWrite ? (
            <Button asChild size="sm" variant="outline">
              <a href={`/api/deployment-script/${app.app_id}`} download>
                <Download aria-hidden="true" />
                <Trans>Download script</Trans>
              </a>
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled>
              <Download aria-hidden="true" />
              <Trans>Download script</Trans>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
