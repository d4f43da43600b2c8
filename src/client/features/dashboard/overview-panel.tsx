import { ActivityFeed } from '@client/components/activity-feed';
import { ComingLaterButton } from '@client/components/coming-later-button';
import type { DashboardPanelProps } from '@client/components/dashboard-panel-props';
import { QueryState } from '@client/components/query-state';
import { SelectedSiteNote } from '@client/components/selected-site-note';
import { type StatTile, StatTileGrid } from '@client/components/stat-tile-grid';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { activityFeedItems, useRecentActivities } from '@client/features/activities';
import { useRunBackupNow } from '@client/features/backups';
import { generateContentIntent } from '@client/features/content';
import { HomeDashboard } from '@client/features/reports';
import { addWebsiteIntent, useWebsites } from '@client/features/websites';
import { formatNumber } from '@client/i18n/format';
import { useAuth } from '@client/lib/use-auth';
import { cn } from '@client/lib/utils';
import type { DashboardStats } from '@domain/dashboard/dashboard-schemas';
import { hasRole } from '@domain/roles';
import type { Website } from '@domain/websites/website-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Activity as ActivityIcon,
  Archive,
  BarChart3,
  Bot,
  CreditCard,
  DollarSign,
  ExternalLink,
  Globe,
  type LucideIcon,
  Sparkles,
  Users,
} from 'lucide-react';
import { Suspense } from 'react';
import { useDashboardStats } from './dashboard-stats-api';
import type { DashboardTabId } from './dashboard-tabs';
import { hasTabPanel } from './tab-panels';

/** Spec 000 §9: at most 10 recent activities. */
const recentActivityLimit = 10;

const wholeDollars: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
};

export function OverviewPanel({ selectedWebsiteId, selectedWebsiteName, onNavigate }: DashboardPanelProps) {
  const { user } = useAuth();
  return (
    <div className="space-y-6">
      <SelectedSiteNote siteName={selectedWebsiteName} />
      <Suspense fallback={<Skeleton className="h-32" />}>
        <HomeDashboard
          cards={<StatCards websiteId={selectedWebsiteId} />}
          canChoose={Boolean(user && hasRole(user.role, 'member'))}
          websiteId={selectedWebsiteId}
        />
      </Suspense>
      <SiteCards
        selectedWebsiteId={selectedWebsiteId}
        onAddWebsite={() => onNavigate('settings', { open: addWebsiteIntent })}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <RecentActivity className="lg:col-span-2" />
        <QuickActions onNavigate={onNavigate} />
      </div>
    </div>
  );
}

function StatCards({ websiteId }: { websiteId: number | null }) {
  const { data, isLoading, isError } = useDashboardStats(websiteId);
  const { t } = useLingui();
  const statCards: StatTile<DashboardStats>[] = [
    {
      title: t`Total Revenue`,
      icon: DollarSign,
      value: (s) => (s.totalRevenue === null ? null : formatNumber(s.totalRevenue / 100, wholeDollars)),
      hint: (s) =>
        s.totalRevenue === null
          ? t`Payments are not recorded per website`
          : s.totalRevenue > 0
            ? t`All payments received`
            : t`No payments recorded yet`,
    },
    {
      title: t`Subscribers`,
      icon: Users,
      value: (s) => formatNumber(s.subscribers),
      hint: (s) => (s.subscribers > 0 ? t`Contacts in your audience (all but lost)` : t`No subscribers yet`),
    },
    {
      title: t`Traffic`,
      icon: BarChart3,
      value: (s) => (s.traffic === null ? null : formatNumber(s.traffic)),
      hint: () => t`Visits across your websites`,
    },
    {
      title: t`Automation Score`,
      icon: Bot,
      value: (s) =>
        s.automationScore === null
          ? null
          : formatNumber(s.automationScore / 100, { style: 'percent', maximumFractionDigits: 0 }),
      hint: () => t`Share of your work running on autopilot`,
    },
  ];
  return (
    <StatTileGrid
      tiles={statCards}
      data={data}
      isLoading={isLoading}
      isError={isError}
      testIdPrefix="stat-"
    />
  );
}

function SiteCards({
  selectedWebsiteId,
  onAddWebsite,
}: {
  selectedWebsiteId: number | null;
  onAddWebsite: () => void;
}) {
  const websites = useWebsites();
  return (
    <QueryState
      query={websites}
      loading={
        <div className="grid gap-4 md:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      }
      errorTitle={<Trans>Your websites could not be loaded.</Trans>}
      isEmpty={(list) => list.length === 0}
      empty={
        <Card className="border-dashed">
          <CardContent className="flex flex-col items-start gap-3 py-6 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-center gap-3">
              <Globe className="h-5 w-5 text-muted-foreground" />
              <div>
                <p className="font-medium">
                  <Trans>No websites yet</Trans>
                </p>
                <p className="text-sm text-muted-foreground">
                  <Trans>Add the websites you run to see them here.</Trans>
                </p>
              </div>
            </div>
            <Button variant="outline" onClick={onAddWebsite}>
              <Trans>Add a website</Trans>
            </Button>
          </CardContent>
        </Card>
      }
    >
      {(list) => <SiteCardGrid websites={list} selectedWebsiteId={selectedWebsiteId} />}
    </QueryState>
  );
}

function SiteCardGrid({
  websites,
  selectedWebsiteId,
}: {
  websites: Website[];
  selectedWebsiteId: number | null;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {websites.map((site) => (
        <Card
          key={site.id}
          className={cn('transition-shadow', site.id === selectedWebsiteId && 'ring-2 ring-primary')}
          data-testid="site-card"
        >
          <CardHeader className="pb-3">
            <div className="flex items-start justify-between gap-2">
              <CardTitle className="truncate text-base">{site.name}</CardTitle>
              <Badge variant="success">
                <span className="h-1.5 w-1.5 rounded-full bg-success" />
                <Trans>Live</Trans>
              </Badge>
            </div>
            <CardDescription className="line-clamp-2">
              {site.description || <Trans>No description</Trans>}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <a
              href={`https://${site.domain}`}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
            >
              {site.domain}
              <ExternalLink className="h-3.5 w-3.5" />
            </a>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function RecentActivity({ className }: { className?: string }) {
  const activities = useRecentActivities();
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>
          <Trans>Recent Activity</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>What happened across your business lately</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={activities}
          loading={
            <div className="space-y-3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-10" />
              ))}
            </div>
          }
          errorTitle={<Trans>Recent activity could not be loaded.</Trans>}
          isEmpty={(list) => list.length === 0}
          empty={
            <div className="flex flex-col items-center py-8 text-center">
              <ActivityIcon className="mb-3 h-8 w-8 text-muted-foreground" />
              <p className="font-medium">
                <Trans>No recent activities</Trans>
              </p>
              <p className="text-sm text-muted-foreground">
                <Trans>Activities will appear here as your empire operates</Trans>
              </p>
            </div>
          }
        >
          {(list) => <ActivityFeed items={activityFeedItems(list.slice(0, recentActivityLimit))} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/**
 * Spec 000 §2.3/§8: Generate Content opens content generation; the payments and CRM actions inform;
 * Backup Now runs a real backup ('Backup Initiated', then spec 001's outcome). An action whose tab is
 * not in this release is disabled and says so, rather than open a placeholder.
 */
function QuickActions({ onNavigate }: { onNavigate: DashboardPanelProps['onNavigate'] }) {
  const { t } = useLingui();
  const backup = useRunBackupNow();
  const actions: {
    label: string;
    icon: LucideIcon;
    tab?: DashboardTabId;
    /** Its request is running: a second click would start a second one. */
    busy?: boolean;
    onClick: () => void;
  }[] = [
    {
      label: t`Generate Content`,
      icon: Sparkles,
      tab: 'content',
      onClick: () => onNavigate('content', { open: generateContentIntent }),
    },
    {
      label: t`Payments Integration`,
      icon: CreditCard,
      onClick: () =>
        toast({
          title: t`Payments Integration`,
          description: t`Card payments, products and checkout are managed in the Payments tab.`,
        }),
    },
    {
      label: t`CRM System`,
      icon: Users,
      onClick: () =>
        toast({
          title: t`CRM System`,
          description: t`Contacts, companies and imports are managed in the CRM tab.`,
        }),
    },
    { label: t`Backup Now`, icon: Archive, busy: backup.isPending, onClick: () => backup.mutate() },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Quick Actions</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Common tasks in one click</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {actions.map(({ label, icon: Icon, tab, busy, onClick }) =>
          tab && !hasTabPanel(tab) ? (
            <ComingLaterButton
              key={label}
              reason={t`Coming in a later release`}
              variant="outline"
              className="w-full justify-start"
            >
              <Icon />
              {label}
            </ComingLaterButton>
          ) : (
            <Button key={label} variant="outline" className="justify-start" disabled={busy} onClick={onClick}>
              <Icon />
              {label}
            </Button>
          ),
        )}
      </CardContent>
    </Card>
  );
}
