import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import type { DashboardPanelProps } from '@client/features/dashboard';
import { errorMessage } from '@client/lib/api';
import { cn } from '@client/lib/utils';
import {
  type AnalyticsOverview,
  type AnalyticsRange,
  analyticsRanges,
  type Insight,
  type Metric,
} from '@domain/analytics/analytics-schemas';
import { DollarSign, Download, Eye, Percent, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { exportUrl, useAnalyticsOverview, useFunnel, useRefreshOnFirstVisit } from './analytics-api';
import { InstallSnippet } from './install-snippet';
import { TrafficChart } from './traffic-chart';

const rangeLabels: Record<AnalyticsRange, string> = {
  '7days': 'Last 7 days',
  '30days': 'Last 30 days',
  '90days': 'Last 90 days',
  '1year': 'Last year',
};
const count = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const signed = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const dateLabel = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export function AnalyticsPanel({ selectedWebsiteId }: DashboardPanelProps) {
  const [range, setRange] = useState<AnalyticsRange>('30days');
  const overview = useAnalyticsOverview(range, selectedWebsiteId);
  const data = overview.data;
  useRefreshOnFirstVisit(data?.hasData);

  return (
    <div className="space-y-6" data-panel="analytics">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight">Analytics</h2>
          {data && (
            <p className="text-sm text-muted-foreground">
              {dateLabel.format(new Date(`${data.from}T00:00:00Z`))} –{' '}
              {dateLabel.format(new Date(`${data.to}T00:00:00Z`))}
            </p>
          )}
        </div>
        <fieldset className="flex max-w-full flex-wrap rounded-lg border bg-card p-1">
          <legend className="sr-only">Date range</legend>
          {analyticsRanges.map((r) => (
            <Button
              key={r}
              size="sm"
              variant={r === range ? 'default' : 'ghost'}
              aria-pressed={r === range}
              data-range={r}
              onClick={() => setRange(r)}
            >
              {rangeLabels[r]}
            </Button>
          ))}
        </fieldset>
      </div>

      {overview.error ? (
        <Card className="border-destructive/40">
          <CardContent className="flex flex-wrap items-center gap-3 pt-6 text-sm">
            <span className="font-medium">Analytics could not be loaded.</span>
            <span className="text-muted-foreground">{errorMessage(overview.error)}</span>
            <Button size="sm" variant="outline" onClick={() => overview.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : !data ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      ) : (
        <Report data={data} range={range} site={selectedWebsiteId} />
      )}
    </div>
  );
}

function Report({
  data,
  range,
  site,
}: {
  data: AnalyticsOverview;
  range: AnalyticsRange;
  site: number | null;
}) {
  const s = data.summary;
  return (
    <>
      {!data.hasData && <NothingYet data={data} />}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <SummaryCard
          title="Visitors"
          icon={Users}
          metric={s.visitors}
          value={count.format(s.visitors.current)}
        />
        <SummaryCard
          title="Page Views"
          icon={Eye}
          metric={s.pageviews}
          value={count.format(s.pageviews.current)}
        />
        <SummaryCard
          title="Conversion Rate"
          icon={Percent}
          metric={s.conversionRate}
          value={`${percent.format(s.conversionRate.current)}%`}
          hint="Contacts created from your websites per 100 visitors"
        />
        <SummaryCard
          title="Revenue"
          icon={DollarSign}
          metric={s.revenue}
          value={money.format(s.revenue.current / 100)}
          hint="Payments recorded in the range"
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        {data.sites.map((siteSummary) => (
          <Card key={siteSummary.id} data-site-card={siteSummary.id}>
            <CardHeader>
              <CardTitle className="truncate text-base">{siteSummary.name}</CardTitle>
              <CardDescription className="truncate">{siteSummary.domain}</CardDescription>
            </CardHeader>
            <CardContent>
              {siteSummary.hasData ? (
                <dl className="grid grid-cols-3 gap-2 text-sm">
                  <Figure label="Visitors" value={count.format(siteSummary.visitors)} />
                  <Figure label="Page views" value={count.format(siteSummary.pageviews)} />
                  <Figure label="Leads" value={count.format(siteSummary.leads)} />
                  <p className="col-span-3 text-xs text-muted-foreground">
                    <Change value={siteSummary.visitorsChange} />
                  </p>
                </dl>
              ) : (
                <p className="text-sm text-muted-foreground">
                  No visits recorded yet. Install the tracking tag from Settings, Websites.
                </p>
              )}
            </CardContent>
          </Card>
        ))}
      </div>

      <div className="grid gap-4 xl:grid-cols-3">
        {/* min-w-0: a grid item otherwise grows with the chart it holds, and the chart with it, without end. */}
        <Card className="min-w-0 xl:col-span-2">
          <CardHeader className="flex-row items-start justify-between gap-2">
            <div>
              <CardTitle className="text-base">Visitors and page views</CardTitle>
              <CardDescription>Per day (UTC)</CardDescription>
            </div>
            <ExportLink report="timeseries" range={range} site={site} />
          </CardHeader>
          <CardContent>
            <TrafficChart days={data.timeseries} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex-row items-start justify-between gap-2">
            <div>
              <CardTitle className="text-base">Traffic sources</CardTitle>
              <CardDescription>Visitors by referrer or utm_source</CardDescription>
            </div>
            <ExportLink report="sources" range={range} site={site} />
          </CardHeader>
          <CardContent>
            {data.sources.length === 0 ? (
              <p className="text-sm text-muted-foreground">No traffic sources in this range.</p>
            ) : (
              <ul className="space-y-3" data-list="sources">
                {data.sources.map((source) => (
                  <li key={source.value}>
                    <Bar
                      label={source.value || 'Direct / none'}
                      value={source.visitors}
                      max={data.sources[0].visitors}
                    />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <div className="grid gap-4 xl:grid-cols-3">
        <FunnelCard data={data} range={range} preferredSite={site} />
        <Card className="xl:col-span-2">
          <CardHeader>
            <CardTitle className="text-base">Insights</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 md:grid-cols-3">
            {data.insights.map((insight) => (
              <InsightBox
                key={insight.kind === 'notEnoughData' ? insight.topic : insight.kind}
                insight={insight}
                range={range}
              />
            ))}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function NothingYet({ data }: { data: AnalyticsOverview }) {
  const first = data.sites[0];
  return (
    <Card className="border-dashed" data-empty="analytics">
      <CardHeader>
        <CardTitle className="text-base">No visits recorded yet</CardTitle>
        <CardDescription>
          These figures are measured, not estimated: they stay at zero until a website's tracking tag sends
          its first page view.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {first ? (
          <InstallSnippet siteId={first.id} siteName={first.name} />
        ) : (
          <p className="text-sm text-muted-foreground">Add a website in Settings to get its tracking tag.</p>
        )}
      </CardContent>
    </Card>
  );
}

function SummaryCard({
  title,
  icon: Icon,
  metric,
  value,
  hint,
}: {
  title: string;
  icon: typeof Users;
  metric: Metric;
  value: string;
  hint?: string;
}) {
  return (
    <Card data-summary={title}>
      <CardContent className="pt-6">
        <div className="flex items-center justify-between">
          <p className="text-sm font-medium text-muted-foreground">{title}</p>
          <Icon className="h-4 w-4 text-muted-foreground" />
        </div>
        <p className="mt-2 text-3xl font-bold tracking-tight" data-value>
          {value}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          <Change value={metric.change} />
        </p>
        {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
      </CardContent>
    </Card>
  );
}

function Change({ value }: { value: number | null }) {
  if (value === null) return <span>No previous period to compare with</span>;
  return (
    <span>
      <span className={cn('font-medium', value >= 0 ? 'text-emerald-600' : 'text-destructive')}>
        {signed.format(value)}%
      </span>{' '}
      vs the previous period
    </span>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
}

function Bar({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <div className="space-y-1">
      <div className="flex justify-between gap-2 text-sm">
        <span className="truncate">{label}</span>
        <span className="font-medium tabular-nums">{count.format(value)}</span>
      </div>
      <div className="h-2 rounded-full bg-muted">
        <div
          className="h-2 rounded-full bg-primary"
          style={{ width: `${max === 0 ? 0 : (value / max) * 100}%` }}
        />
      </div>
    </div>
  );
}

function ExportLink({ report, range, site }: { report: string; range: AnalyticsRange; site: number | null }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <a href={exportUrl(report, range, site)} download>
        <Download />
        CSV
      </a>
    </Button>
  );
}

const stepLabels = { visit: 'Visitors', lead: 'Leads', customer: 'Customers', payment: 'Paying customers' };

function FunnelCard({
  data,
  range,
  preferredSite,
}: {
  data: AnalyticsOverview;
  range: AnalyticsRange;
  preferredSite: number | null;
}) {
  const [chosen, setChosen] = useState<number | null>(null);
  const site = chosen ?? preferredSite ?? data.sites[0]?.id ?? null;
  const funnel = useFunnel(range, site);
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex items-start justify-between gap-2">
          <div>
            <CardTitle className="text-base">Conversion funnel</CardTitle>
            <CardDescription>Visit, lead, customer, payment</CardDescription>
          </div>
          {site !== null && <ExportLink report="funnel" range={range} site={site} />}
        </div>
        {data.sites.length > 0 && (
          <select
            aria-label="Funnel website"
            className="h-9 rounded-md border bg-background px-2 text-sm"
            value={site ?? ''}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {data.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        )}
      </CardHeader>
      <CardContent>
        {site === null ? (
          <p className="text-sm text-muted-foreground">Add a website to see its funnel.</p>
        ) : !funnel.data ? (
          <Skeleton className="h-32" />
        ) : (
          <ol className="space-y-3" data-list="funnel">
            {funnel.data.steps.map((step) => (
              <li key={step.step} data-step={step.step}>
                <Bar label={stepLabels[step.step]} value={step.count} max={funnel.data.steps[0].count} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function InsightBox({ insight, range }: { insight: Insight; range: AnalyticsRange }) {
  let title: string;
  let body: ReactNode;
  switch (insight.kind) {
    case 'trend':
      title = 'Traffic trend';
      body =
        insight.change === null ? (
          <>
            {count.format(insight.current)} visitors in this range; the period before had none to compare
            with.
          </>
        ) : (
          <>
            Visitors changed by {signed.format(insight.change)}% compared with the previous{' '}
            {rangeLabels[range].toLowerCase().replace('last ', '')} ({count.format(insight.current)} against{' '}
            {count.format(insight.previous)}).
          </>
        );
      break;
    case 'topSource':
      title = 'Top source';
      body = (
        <>
          {insight.source || 'Direct visits'} brought {count.format(insight.visitors)} of{' '}
          {count.format(insight.total)} visitors, compared across all sources in this range.
        </>
      );
      break;
    case 'bestSite':
      title = 'Best converting site';
      body =
        insight.othersRate === null ? (
          <>
            {insight.site} turned {percent.format(insight.rate)}% of its visitors into leads; no other site
            had visitors to compare with.
          </>
        ) : (
          <>
            {insight.site} turned {percent.format(insight.rate)}% of its visitors into leads, compared with{' '}
            {percent.format(insight.othersRate)}% for your other sites together.
          </>
        );
      break;
    default:
      title = { trend: 'Traffic trend', topSource: 'Top source', bestSite: 'Best converting site' }[
        insight.topic
      ];
      body = <>Not enough data yet: this compares figures once your sites have recorded visits.</>;
  }
  return (
    <div className="rounded-lg border bg-muted/30 p-4" data-insight={insight.kind}>
      <p className="text-sm font-semibold">{title}</p>
      <p className="mt-1 text-sm text-muted-foreground">{body}</p>
    </div>
  );
}
