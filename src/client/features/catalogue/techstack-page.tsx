import { SiteHeader } from '@client/components/site-header';
import { Button } from '@client/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useAuth } from '@client/lib/use-auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { BarChart3, Boxes, LayoutDashboard, PackageOpen } from 'lucide-react';
import { Link } from 'wouter';
import { AnalyticsTab } from './analytics-tab';
import { ApplicationsTab } from './applications-tab';
import { BundlesTab } from './bundles-tab';

/** The signed-in home (/ and /techstack): the technology catalogue of spec 000 §2.2. */
export function TechstackPage() {
  const { user } = useAuth();
  const { t } = useLingui();
  const name = user ? user.firstName || user.email : '';
  return (
    <div className="min-h-screen bg-background">
      <SiteHeader>
        <Link
          href="/scheduler"
          className="hidden text-sm text-muted-foreground hover:text-foreground sm:inline"
        >
          <Trans>Book a call</Trans>
        </Link>
        <Link
          href="/pricing"
          className="hidden text-sm text-muted-foreground hover:text-foreground sm:inline"
        >
          <Trans>Pricing</Trans>
        </Link>
        <Button asChild size="sm">
          <Link href="/dashboard">
            <LayoutDashboard />
            {/* On a phone the icon stands alone (the header also holds the language menu); the name stays. */}
            <span className="sr-only sm:not-sr-only">
              <Trans>Open Dashboard</Trans>
            </span>
          </Link>
        </Button>
      </SiteHeader>

      <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-medium text-primary">{user ? t`Welcome back, ${name}` : t`Welcome`}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight">
            <Trans>Technology catalogue</Trans>
          </h1>
          <p className="mt-2 text-muted-foreground">
            <Trans>
              Every application you can add to your workspace, the bundles that combine them, and how your
              business is doing.
            </Trans>
          </p>
        </div>

        <Tabs defaultValue="applications" className="mt-8">
          <TabsList className="h-10 w-full sm:w-auto">
            <TabsTrigger value="applications" className="flex-1 px-2 sm:flex-none sm:px-4">
              <Boxes className="h-4 w-4" />
              <Trans>Applications</Trans>
            </TabsTrigger>
            <TabsTrigger value="bundles" className="flex-1 px-2 sm:flex-none sm:px-4">
              <PackageOpen className="h-4 w-4" />
              <Trans>Bundles</Trans>
            </TabsTrigger>
            <TabsTrigger value="analytics" className="flex-1 px-2 sm:flex-none sm:px-4">
              <BarChart3 className="h-4 w-4" />
              <Trans>Analytics</Trans>
            </TabsTrigger>
          </TabsList>
          <TabsContent value="applications" className="mt-6">
            <ApplicationsTab />
          </TabsContent>
          <TabsContent value="bundles" className="mt-6">
            <BundlesTab />
          </TabsContent>
          <TabsContent value="analytics" className="mt-6">
            <AnalyticsTab />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
