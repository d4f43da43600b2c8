import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import type { WebhookConfig } from '@domain/webhooks/webhook-schemas';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Settings } from 'lucide-react';
import { DownloadButton } from './download-button';

/** The Configurations tab's card of one app: its inbound URL, listeners, triggers and downloads. */
export function ConfigCard({ config, canWrite }: { config: WebhookConfig; canWrite: boolean }) {
  const { t } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Settings aria-hidden="true" className="size-4" />
          {config.app}
        </CardTitle>
        <CardDescription className="break-all font-mono text-xs">{config.inbound_url}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <div>
          <h3 className="font-semibold">
            <Trans>Listeners</Trans>
          </h3>
          <ul className="font-mono text-xs">
            {config.listeners.map((l) => (
              <li key={`${l.event}-${l.path}`}>
                {l.event} → {l.path}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="font-semibold">
            <Trans>Triggers</Trans>
          </h3>
          {config.triggers.length === 0 ? (
            <p className="text-xs text-muted-foreground">
              <Trans>No triggers yet</Trans>
            </p>
          ) : (
            <ul className="text-xs">
              {config.triggers.map((tr) => (
                <li key={tr.action}>
                  <Trans>
                    {tr.action} → <Plural value={tr.forward_to.length} one="# endpoint" other="# endpoints" />
                  </Trans>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <DownloadButton
            href={`/api/webhook-config/${config.app_id}/download`}
            enabled={canWrite}
            label={t`Download config`}
          />
          <DownloadButton
            href={`/api/deployment-script/${config.app_id}`}
            enabled={canWrite}
            label={t`Download script`}
          />
        </div>
      </CardContent>
    </Card>
  );
}
