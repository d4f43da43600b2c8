import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { documentedAppEndpoints, type WebhookConfig } from '@domain/webhooks/webhook-schemas';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileCode } from 'lucide-react';

const guideSteps = [
  msg`Download the configuration of each app`,
  msg`Add the snippet to your HTML template (on the server: it holds the signing secret)`,
  msg`Configure the server endpoints the app listens on`,
  msg`Send a test webhook and check its delivery log`,
  msg`Monitor events, uptime and deliveries`,
  msg`Set up alerting and backup`,
];

/** The Deployment Guide tab: the steps and the endpoints every app gets. */
export function DeploymentGuide({ configs }: { configs: WebhookConfig[] }) {
  const { i18n } = useLingui();
  const primary = configs[0]?.inbound_url ?? '';
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Deployment Guide</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="list-decimal space-y-2 ps-5 text-sm">
            {guideSteps.map((step) => (
              <li key={step.id}>{i18n._(step)}</li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <FileCode aria-hidden="true" className="size-5" />
            <Trans>Endpoints</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          <div>
            <h3 className="font-semibold">
              <Trans>Primary</Trans>
            </h3>
            <p className="break-all font-mono text-xs">{primary.replace(/\d+$/, '{appId}')}</p>
          </div>
          <div>
            <h3 className="font-semibold">
              <Trans>Secondary</Trans>
            </h3>
            <p className="font-mono text-xs">
              {documentedAppEndpoints.filter((e) => e.startsWith('POST')).join(' · ')}
            </p>
          </div>
          <div>
            <h3 className="font-semibold">
              <Trans>Universal</Trans>
            </h3>
            <p className="font-mono text-xs">
              {documentedAppEndpoints.filter((e) => e.startsWith('GET')).join(' · ')}
            </p>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
