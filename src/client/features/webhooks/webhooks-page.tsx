import { StatusBadge } from '@client/components/status-badge';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime, formatNumber } from '@client/i18n/format';
import { errorMessage } from '@client/lib/api';
import { toastError } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import { type Delivery, documentedAppEndpoints, type WebhookConfig } from '@domain/webhooks/webhook-schemas';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, FileCode, Rocket, Send, Settings } from 'lucide-react';
import { useState } from 'react';
import {
  useAppEndpoints,
  useDeliveries,
  useDeploymentStatus,
  useDeployWebhooks,
  useLiveEventStream,
  useReplayDelivery,
  useTestWebhook,
  useWebhookConfigs,
} from './webhooks-api';

const deliveryStatusLabels: Record<Delivery['status'], ReturnType<typeof msg>> = {
  pending: msg`pending`,
  sending: msg`sending`,
  succeeded: msg`succeeded`,
  failed: msg`failed`,
};

const guideSteps = [
  msg`Download the configuration of each app`,
  msg`Add the snippet to your HTML template (on the server: it holds the signing secret)`,
  msg`Configure the server endpoints the app listens on`,
  msg`Send a test webhook and check its delivery log`,
  msg`Monitor events, uptime and deliveries`,
  msg`Set up alerting and backup`,
];

/** /webhooks and /webhook-demo: the Webhook Deployment Center (spec 001 §2). */
export function WebhooksPage({ demo = false }: { demo?: boolean }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const canWrite = !demo && user ? hasRole(user.role, 'admin') : false;
  const status = useDeploymentStatus(demo);
  const configs = useWebhookConfigs(demo);
  const deploy = useDeployWebhooks();
  const [progress, setProgress] = useState<number | null>(null);
  useLiveEventStream(demo);

  const deployAll = () => {
    setProgress(0);
    deploy.mutate(undefined, {
      onSuccess: (result) => {
        setProgress(100);
        toast({
          title: t`Webhooks Deployed`,
          description: t`Successfully deployed to ${result.successful}/${result.total_apps} applications`,
        });
      },
      onError: () => {
        setProgress(0);
        toastError(t`Deployment Failed`, undefined, t`Failed to deploy webhooks to applications`);
      },
    });
  };

  const summary = status.data?.summary;
  const apps = Object.entries(status.data?.apps ?? {});
  return (
    <main className="mx-auto max-w-7xl space-y-6 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">
          <Trans>Webhook Deployment Center</Trans>
        </h1>
        {demo && (
          <Badge variant="secondary">
            <Trans>Live demo</Trans>
          </Badge>
        )}
        <div className="ms-auto flex flex-wrap gap-2">
          {canWrite ? (
            <Button asChild variant="outline">
              <a href="/api/deployment-package/download" download>
                <Download aria-hidden="true" />
                <Trans>Download Full Package</Trans>
              </a>
            </Button>
          ) : (
            <Button variant="outline" disabled>
              <Download aria-hidden="true" />
              <Trans>Download Full Package</Trans>
            </Button>
          )}
          <Button onClick={deployAll} disabled={!canWrite || deploy.isPending}>
            <Rocket aria-hidden="true" />
            <Trans>Deploy All Webhooks</Trans>
          </Button>
        </div>
      </header>
      {progress !== null && (
        <Progress value={deploy.isPending ? 0 : progress} aria-label={t`Deployment progress`} />
      )}

      {status.isError ? (
        <p className="text-sm text-destructive">{errorMessage(status.error)}</p>
      ) : !summary ? (
        <Skeleton className="h-24" />
      ) : (
        <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t`Summary`}>
          <Stat label={t`Total Apps`} value={summary.total_apps} />
          <Stat label={t`Active`} value={summary.active_apps} />
          <Stat label={t`Pending`} value={summary.pending_apps} />
          <Stat label={t`Total Events`} value={summary.total_events} />
        </section>
      )}

      <Tabs defaultValue="applications">
        <TabsList className="flex h-auto flex-wrap">
          <TabsTrigger value="applications">
            <Trans>Applications</Trans>
          </TabsTrigger>
          <TabsTrigger value="configurations">
            <Trans>Configurations</Trans>
          </TabsTrigger>
          <TabsTrigger value="guide">
            <Trans>Deployment Guide</Trans>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="applications">
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {apps.map(([name, app]) => (
              <Card key={app.app_id}>
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
            ))}
          </div>
        </TabsContent>
        <TabsContent value="configurations">
          <div className="grid gap-4 md:grid-cols-2">
            {configs.data?.configs.map((config) => (
              <ConfigCard key={config.app_id} config={config} canWrite={canWrite} />
            ))}
          </div>
        </TabsContent>
        <TabsContent value="guide">
          <Guide configs={configs.data?.configs ?? []} />
        </TabsContent>
      </Tabs>
    </main>
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

function DownloadButton({ href, enabled, label }: { href: string; enabled: boolean; label: string }) {
  const content = (
    <>
      <Download aria-hidden="true" />
      {label}
    </>
  );
  return enabled ? (
    <Button asChild size="sm" variant="outline">
      <a href={href} download>
        {content}
      </a>
    </Button>
  ) : (
    <Button size="sm" variant="outline" disabled>
      {content}
    </Button>
  );
}

function AppActions({ appId, name, canWrite }: { appId: number; name: string; canWrite: boolean }) {
  const { t } = useLingui();
  const test = useTestWebhook();
  const send = () =>
    test.mutate(
      { appId, message: t`Test webhook from Business Hub` },
      {
        onSuccess: (result) =>
          result.success
            ? toast({ title: t`Webhook Test Sent`, description: t`Test webhook sent to ${name}` })
            : toastError(t`Test Failed`, undefined, t`Failed to send test webhook to ${name}`),
        onError: () => toastError(t`Test Failed`, undefined, t`Failed to send test webhook to ${name}`),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      <DownloadButton href={`/api/webhook-config/${appId}/download`} enabled={canWrite} label={t`Config`} />
      <DownloadButton href={`/api/webhook-snippet/${appId}/download`} enabled={canWrite} label={t`Snippet`} />
      <Button size="sm" onClick={send} disabled={!canWrite || test.isPending}>
        <Send aria-hidden="true" />
        <Trans>Test</Trans>
      </Button>
    </div>
  );
}

/** Each endpoint's deliveries: attempts, status, response excerpt and duration, with replay. */
function DeliveryLog({ appId }: { appId: number }) {
  const [open, setOpen] = useState(false);
  const endpoints = useAppEndpoints(appId, open);
  return (
    <details onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary className="cursor-pointer text-muted-foreground">
        <Trans>Delivery log</Trans>
      </summary>
      <div className="mt-2 space-y-3">
        {endpoints.data?.map((endpoint) => (
          <div key={endpoint.id} className="space-y-1">
            <p className="break-all font-mono text-xs">
              {endpoint.url}{' '}
              {endpoint.disabled && (
                <Badge variant="destructive">
                  <Trans>disabled</Trans>
                </Badge>
              )}
            </p>
            <EndpointDeliveries endpointId={endpoint.id} />
          </div>
        ))}
      </div>
    </details>
  );
}

function EndpointDeliveries({ endpointId }: { endpointId: number }) {
  const { t, i18n } = useLingui();
  const deliveries = useDeliveries(endpointId);
  const replay = useReplayDelivery();
  if (!deliveries.data?.length)
    return (
      <p className="text-xs text-muted-foreground">
        <Trans>No deliveries yet</Trans>
      </p>
    );
  return (
    <ul className="space-y-1 text-xs">
      {deliveries.data.slice(0, 5).map((d) => {
        const last = d.log.at(-1);
        return (
          <li key={d.id} className="flex flex-wrap items-center gap-2">
            <StatusBadge tone={d.status === 'succeeded' ? 'ok' : d.status === 'failed' ? 'bad' : 'neutral'}>
              {i18n._(deliveryStatusLabels[d.status])}
            </StatusBadge>
            <span>{d.eventType}</span>
            <span className="text-muted-foreground">
              <Trans>
                {formatNumber(d.attempts)} attempts · {last?.statusCode ?? '—'} ·{' '}
                {formatNumber(last?.durationMs ?? 0)} ms
              </Trans>
            </span>
            <Button
              size="sm"
              variant="ghost"
              className="ms-auto h-6"
              disabled={replay.isPending}
              onClick={() =>
                replay.mutate(d.id, {
                  onError: (error) => toastError(t`Error`, error),
                })
              }
            >
              <Trans>Replay</Trans>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

function ConfigCard({ config, canWrite }: { config: WebhookConfig; canWrite: boolean }) {
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
                    {tr.action} → {formatNumber(tr.forward_to.length)} endpoints
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

function Guide({ configs }: { configs: WebhookConfig[] }) {
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

export function WebhooksDemoPage() {
  return <WebhooksPage demo />;
}
