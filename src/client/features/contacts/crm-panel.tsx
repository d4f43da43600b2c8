import { type StatTile, StatTileGrid } from '@client/components/stat-tile-grid';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import { type Activity, formatRelativeTime } from '@domain/activities/activity-types';
import type { ContactStats } from '@domain/contacts/contact-schemas';
import { formatDollars } from '@domain/pricing/money';
import { useQuery } from '@tanstack/react-query';
import {
  Activity as ActivityIcon,
  Briefcase,
  DollarSign,
  FileText,
  type LucideIcon,
  MapPin,
  Percent,
  Sparkles,
  Target,
  UserPlus,
  Users,
} from 'lucide-react';
import { Suspense } from 'react';
import type { DashboardPanelProps } from '../dashboard/tab-panels';
import { useWebsites } from '../websites/websites-api';
import { ContactManagement } from './contact-management';
import { useContactStats } from './contacts-api';
import { GeofenceCard } from './optional-dialogs';

const count = new Intl.NumberFormat('en-US');

/** Spec 000 §2.6: the CRM tab. Tiles and pipeline are computed from the workspace's contacts. */
export function CrmPanel({ selectedWebsiteId }: DashboardPanelProps) {
  const { data: websites } = useWebsites();
  const selectedSite = websites?.find((site) => site.id === selectedWebsiteId);
  return (
    <div className="space-y-6">
      <StatTiles />
      {/* Side by side only where two thirds still fit the contacts table's six columns. */}
      <div className="grid gap-6 2xl:grid-cols-3">
        <div className="min-w-0 space-y-6 2xl:col-span-2">
          <GeofenceSlot />
          <ContactManagement sourcePreset={selectedSite?.name ?? null} />
        </div>
        <div className="space-y-6">
          <SalesPipeline />
          <RecentActivities />
        </div>
      </div>
    </div>
  );
}

const tiles: StatTile<ContactStats>[] = [
  {
    title: 'Total Contacts',
    icon: Users,
    value: (s) => count.format(s.total),
    hint: (s) =>
      s.total ? `${count.format(s.lead)} open lead${s.lead === 1 ? '' : 's'}` : 'No contacts yet',
  },
  {
    title: 'Qualified Leads',
    icon: Target,
    value: (s) => count.format(s.qualifiedLeads),
    hint: (s) =>
      s.total ? `${Math.round((s.qualifiedLeads / s.total) * 100)}% of contacts` : 'Mark leads as qualified',
  },
  {
    title: 'Active Deals',
    icon: Briefcase,
    value: (s) => count.format(s.activeDeals),
    hint: (s) => `${formatDollars(s.pipeline.qualified.valueCents)} in qualified value`,
  },
  {
    title: 'Conversion Rate',
    icon: Percent,
    value: (s) => (s.conversionRate === null ? '—' : `${s.conversionRate}%`),
    hint: (s) =>
      s.conversionRate === null
        ? 'No deals won or lost yet'
        : `${count.format(s.customer)} won of ${count.format(s.customer + s.lost)} decided`,
  },
];

function StatTiles() {
  const { data, isLoading, isError } = useContactStats();
  return (
    <StatTileGrid
      tiles={tiles}
      data={data}
      isLoading={isLoading}
      isError={isError}
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
          <p className="font-medium">Geofence Tracking</p>
          <p className="text-sm text-muted-foreground">
            Location tracking for nearby contacts is not available yet.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

const stages: { key: keyof ContactStats['pipeline']; label: string; bar: string }[] = [
  { key: 'lead', label: 'Leads', bar: '[&>div]:bg-sky-500' },
  { key: 'qualified', label: 'Qualified', bar: '[&>div]:bg-amber-500' },
  { key: 'customer', label: 'Won', bar: '[&>div]:bg-emerald-500' },
  { key: 'lost', label: 'Lost', bar: '[&>div]:bg-zinc-400' },
];

function SalesPipeline() {
  const { data: stats, isLoading, isError } = useContactStats();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sales Pipeline</CardTitle>
        <CardDescription>Contacts and deal value by stage</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="space-y-4">
            {stages.map((s) => (
              <Skeleton key={s.key} className="h-10" />
            ))}
          </div>
        ) : isError || !stats ? (
          <p className="text-sm text-destructive">The pipeline could not be loaded.</p>
        ) : stats.total === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            Your pipeline fills as you add contacts.
          </p>
        ) : (
          <ul className="space-y-4">
            {stages.map((stage) => {
              const { count: n, valueCents } = stats.pipeline[stage.key];
              return (
                <li key={stage.key} data-testid={`pipeline-${stage.key}`}>
                  <div className="mb-1.5 flex items-baseline justify-between text-sm">
                    <span className="font-medium">{stage.label}</span>
                    <span className="text-muted-foreground">
                      {count.format(n)} · {formatDollars(valueCents)}
                    </span>
                  </div>
                  <Progress
                    value={(n / stats.total) * 100}
                    className={stage.bar}
                    aria-label={`${stage.label} share`}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const activityIcons: Record<string, LucideIcon> = {
  content_generated: Sparkles,
  content_created: FileText,
  payment_received: DollarSign,
  contact_added: UserPlus,
};

/** The side card shows the newest few; the dashboard lists up to 10. */
const sideActivityLimit = 6;

function RecentActivities() {
  const { data: activities, isLoading, isError } = useQuery<Activity[]>({ queryKey: ['/api/activities'] });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activities</CardTitle>
        <CardDescription>Latest changes across your business</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="space-y-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-9" />
            ))}
          </div>
        ) : isError ? (
          <p className="text-sm text-destructive">Recent activities could not be loaded.</p>
        ) : !activities?.length ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No recent activities</p>
        ) : (
          <ul className="space-y-3">
            {activities.slice(0, sideActivityLimit).map((activity) => {
              const Icon = activityIcons[activity.type] ?? ActivityIcon;
              return (
                <li key={activity.id} className="flex items-start gap-3">
                  <span className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                    <Icon className="h-3.5 w-3.5" />
                  </span>
                  <div className="min-w-0">
                    <p className="text-sm leading-snug">{activity.description}</p>
                    <p className="text-xs text-muted-foreground">{formatRelativeTime(activity.createdAt)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
