import { PageLoader } from '@client/components/page-loader';
import { QueryState } from '@client/components/query-state';
import { SelectedSiteNote } from '@client/components/selected-site-note';
import { BackToHomeLink, SiteHeader } from '@client/components/site-header';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@client/components/ui/alert-dialog';
import { Badge } from '@client/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useSelectedWebsiteInUrl } from '@client/features/websites';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, LayoutDashboard } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { AnalyticsTab } from './analytics-tab';
import { DeploymentStatCards } from './deployment-stat-cards';
import { DeploymentTab } from './deployment-tab';
import { FixesTab } from './fixes-tab';
import { ImpactTab } from './impact-tab';
import { useLinkFixReport } from './link-fixes-api';
import { OverviewTab } from './overview-tab';

/** /deployment (signed in) and /deployment-demo (anyone, the demo workspace, read-only). */
export function DeploymentScreen({ demo }: { demo: boolean }) {
  const { t } = useLingui();
  // The sidebar's website narrows the signed-in screen (its crawls and fixes are per website); the demo has none.
  const selected = useSelectedWebsiteInUrl();
  const site = demo ? null : selected;
  const websiteId = site?.id ?? null;
  const report = useLinkFixReport(demo, websiteId);
  const [deployed, setDeployed] = useState<string | null>(null);

  return (
    <div className="min-h-screen bg-background">
      <SiteHeader>
        {demo ? (
          <BackToHomeLink />
        ) : (
          <Link
            href={websiteId ? `/dashboard?site=${websiteId}` : '/dashboard'}
            className="flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
          >
            <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
            <Trans>Dashboard</Trans>
          </Link>
        )}
      </SiteHeader>
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight">
            <Trans>Link Fix Deployment Dashboard</Trans>
          </h1>
          {report.data && (
            <Badge variant="secondary" data-testid="total-fixes-badge">
              <Plural value={report.data.totalFixes} one="# fix" other="# fixes" />
            </Badge>
          )}
          {demo && (
            <Badge variant="outline">
              <Trans>Demo workspace, read-only</Trans>
            </Badge>
          )}
        </div>
        <SelectedSiteNote siteName={site?.name ?? null} />
        <QueryState
          query={report}
          loading={<PageLoader label={t`Loading deployment report...`} />}
          errorTitle={<Trans>Failed to load deployment data. Please try again.</Trans>}
          errorClassName="rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3"
        >
          {(data) => (
            <>
              {/* Spec 001: after a successful deploy an alert says so; an alert dialog, so it is read out and
                  stays until dismissed. */}
              <AlertDialog open={deployed !== null} onOpenChange={(open) => !open && setDeployed(null)}>
                <AlertDialogContent data-testid="deploy-success">
                  <AlertDialogHeader>
                    <AlertDialogTitle className="flex items-center gap-2">
                      <CheckCircle2 className="h-5 w-5 shrink-0 text-success" aria-hidden="true" />
                      <Trans>Link Fixes Deployed</Trans>
                    </AlertDialogTitle>
                    <AlertDialogDescription>
                      <Trans>
                        Link fixes deployed for {deployed}. Download the snippet and implement it on your
                        server; the fixed URLs are being checked again.
                      </Trans>
                    </AlertDialogDescription>
                  </AlertDialogHeader>
                  <AlertDialogFooter>
                    <AlertDialogAction>
                      <Trans>Done</Trans>
                    </AlertDialogAction>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
              <DeploymentStatCards report={data} />
              <Tabs defaultValue="overview">
                <TabsList className="flex h-auto flex-wrap justify-start">
                  <TabsTrigger value="overview">
                    <Trans>Overview</Trans>
                  </TabsTrigger>
                  {!demo && (
                    <TabsTrigger value="impact">
                      <Trans>Impact</Trans>
                    </TabsTrigger>
                  )}
                  <TabsTrigger value="fixes">
                    <Trans>Link Fixes</Trans>
                  </TabsTrigger>
                  <TabsTrigger value="deployment">
                    <Trans>Deployment</Trans>
                  </TabsTrigger>
                  <TabsTrigger value="analytics">
                    <Trans>Analytics</Trans>
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="overview" className="mt-4">
                  <OverviewTab report={data} />
                </TabsContent>
                {!demo && (
                  <TabsContent value="impact" className="mt-4">
                    <ImpactTab websiteId={websiteId} />
                  </TabsContent>
                )}
                <TabsContent value="fixes" className="mt-4">
                  <FixesTab report={data} />
                </TabsContent>
                <TabsContent value="deployment" className="mt-4">
                  <DeploymentTab report={data} demo={demo} onDeployed={setDeployed} />
                </TabsContent>
                <TabsContent value="analytics" className="mt-4">
                  <AnalyticsTab demo={demo} websiteId={websiteId} />
                </TabsContent>
              </Tabs>
            </>
          )}
        </QueryState>
      </main>
    </div>
  );
}

export function DeploymentPage() {
  return <DeploymentScreen demo={false} />;
}

export function DeploymentDemoPage() {
  return <DeploymentScreen demo />;
}
