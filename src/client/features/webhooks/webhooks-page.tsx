import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Progress } from '@client/components/ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { toast } from '@client/components/ui/use-toast';
import { toastError } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, Rocket } from 'lucide-react';
import { useState } from 'react';
import { ApplicationCard } from './application-card';
import { ConfigCard } from './config-card';
import { DeploymentGuide } from './deployment-guide';
import { deploymentOutcome } from './deployment-outcome';
import {
  useDeploymentStatus,
  useDeployWebhooks,
  useLiveEventStream,
  useWebhookConfigs,
} from './webhooks-api';
import { WebhooksSummary } from './webhooks-summary';

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
        const outcome = deploymentOutcome(result);
        setProgress(outcome === 'failed' ? 0 : 100);
        // Zero successes is the failure case; a partial success says how many failed.
        if (outcome === 'failed')
          toastError(t`Deployment Failed`, undefined, t`Failed to deploy webhooks to applications`);
        else if (outcome === 'partial') {
          const { successful, total_apps: total } = result;
          const failed = total - successful;
          toastError(
            t`Webhooks Deployed`,
            undefined,
            t`Deployed to ${successful}/${plural(total, { one: '# application', other: '# applications' })}; ${failed} failed`,
          );
        } else
          toast({
            title: t`Webhooks Deployed`,
            description: t`Successfully deployed to ${result.successful}/${plural(result.total_apps, { one: '# application', other: '# applications' })}`,
          });
      },
      onError: () => {
        setProgress(0);
        toastError(t`Deployment Failed`, undefined, t`Failed to deploy webhooks to applications`);
      },
    });
  };

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

      <WebhooksSummary status={status} />

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
              <ApplicationCard key={app.app_id} name={name} app={app} canWrite={canWrite} />
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
          <DeploymentGuide configs={configs.data?.configs ?? []} />
        </TabsContent>
      </Tabs>
    </main>
  );
}

export function WebhooksDemoPage() {
  return <WebhooksPage demo />;
}
