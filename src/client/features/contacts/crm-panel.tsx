import { ActivityFeed } from '@client/components/activity-feed';
import type { DashboardPanelProps } from '@client/components/dashboard-panel-props';
import { QueryState } from '@client/components/query-state';
import { SelectedSiteNote } from '@client/components/selected-site-note';
import { type StatTile, StatTileGrid } from '@client/components/stat-tile-grid';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { activityFeedItems, useRecentActivities } from '@client/features/activities';
import { DealBoard, dealTiles, PipelineCard, useDealStats } from '@client/features/deals';
import { formatNumber } from '@client/i18n/format';
import type { ContactStats } from '@domain/contacts/contact-schemas';
import type { DealStats } from '@domain/deals/deal-schemas';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MapPin, Target, Users } from 'lucide-react';
import { Suspense } from 'react';
import { ContactManagement } from './contact-management';
import { useContactStats } from './contacts-api';
import { GeofenceCard } from './optional-dialogs';

/**
 * Spec 000 §2.6: the CRM tab. Contact tiles come from contacts; deal tiles, pipeline and board from deals.
 * The website chosen in the sidebar filters the tiles and the pipeline, and presets the contacts' source
 * filter and the board's website filter (both stay changeable).
 */
export function CrmPanel({ selectedWebsiteId, selectedWebsiteName }: DashboardPanelProps) {
  return (
    <div className="space-y-6">
      <SelectedSiteNote siteName={selectedWebsiteName} />
      <StatTiles websiteId={selectedWebsiteId} />
      {/* Side by side only where two thirds still fit the contacts table's six columns. */}
      <div className="grid gap-6 2xl:grid-cols-3">
        <div className="min-w-0 space-y-6 2xl:col-span-2">
          <GeofenceSlot />
          <ContactManagement sourcePreset={selectedWebsiteName} />
        </div>
        <div className="space-y-6">
          <PipelineCard websiteId={selectedWebsiteId} />
          <RecentActivities />
        </div>
      </div>
      <DealBoard websitePreset={selectedWebsiteId} />
    </div>
  );
}

type CrmFigures = { contacts: ContactStats; deals: DealStats };

function crmTiles(i18n: I18n): StatTile<CrmFigures>[] {
  return [
    {
      title: i18n._(msg`Total Contacts`),
      icon: Users,
      value: ({ contacts: s }) => formatNumber(s.total),
      hint: ({ contacts: s }) => {
        const open = s.lead;
        return s.total
          ? i18n._(msg`${plural(open, { one: '# open lead', other: '# open leads' })}`)
          : i18n._(msg`No contacts yet`);
      },
    },
    {
      title: i18n._(msg`Qualified Leads`),
      icon: Target,
      value: ({ contacts: s }) => formatNumber(s.qualifiedLeads),
      hint: ({ contacts: s }) => {
        const share = formatNumber(s.qualifiedLeads / s.total, {
          style: 'percent',
          maximumFractionDigits: 0,
        });
        return s.total ? i18n._(msg`${share} of contacts`) : i18n._(msg`Mark leads as qualified`);
      },
    },
    ...dealTiles(i18n),
  ];
}

function StatTiles({ websiteId }: { websiteId: number | null }) {
  const contacts = useContactStats(websiteId);
  const deals = useDealStats(websiteId);
  const { i18n } = useLingui();
  const tiles = crmTiles(i18n);
  return (
    <StatTileGrid
      tiles={tiles}
      data={contacts.data && deals.data ? { contacts: contacts.data, deals: deals.data } : undefined}
      isLoading={contacts.isLoading || deals.isLoading}
      isError={contacts.isError || deals.isError}
      testIdPrefix="crm-stat-"
    />
  );
}

function GeofenceSlot() {
  if (GeofenceCard) {
    return (
      <Suspense fallback={<Skeleton className="h-40" />}>
        <GeofenceCard />
      </Suspense>
    );
  }
  // Placeholder until the location area's geofence card ships (spec 000 §2.6, §4).
  return (
    <Card className="border-dashed" data-testid="geofence-slot">
      <CardContent className="flex items-center gap-3 py-6">
        <MapPin className="h-5 w-5 text-muted-foreground" />
        <div>
          <p className="font-medium">
            <Trans>Geofence Tracking</Trans>
          </p>
          <p className="text-sm text-muted-foreground">
            <Trans>Location tracking for nearby contacts is not available yet.</Trans>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

/** The side card shows the newest few; the dashboard lists up to 10. */
const sideActivityLimit = 6;

function RecentActivities() {
  const activities = useRecentActivities();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Recent Activities</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Latest changes across your business</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={activities}
          loading={
            <div className="space-y-3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-9" />
              ))}
            </div>
          }
          errorTitle={<Trans>Recent activities could not be loaded.</Trans>}
          isEmpty={(list) => list.length === 0}
          empty={
            <p className="py-6 text-center text-sm text-muted-foreground">
              <Trans>No recent activities</Trans>
            </p>
          }
        >
          {(list) => (
            <ActivityFeed variant="compact" items={activityFeedItems(list.slice(0, sideActivityLimit))} />
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
