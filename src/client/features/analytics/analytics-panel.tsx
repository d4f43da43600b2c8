import type { DashboardPanelProps } from '@client/components/dashboard-panel-props';
import { QueryState } from '@client/components/query-state';
import { SelectedSiteNote } from '@client/components/selected-site-note';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatDay, formatMoney, formatNumber } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import {
  type AnalyticsOverview,
  type AnalyticsRange,
  analyticsRanges,
  type Insight,
  type Metric,
} from '@domain/analytics/analytics-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { DollarSign, Download, Eye, Percent, Users } from 'lucide-react';
import { type ComponentType, Suspense, useState } from 'react';
import { exportUrl, useAnalyticsOverview, useFunnel, useRefreshOnFirstVisit } from './analytics-api';
import { InstallSnippet } from './install-snippet';
import { TrafficChart } from './traffic-chart';
import { VisitorLinkCard } from './visitor-link-card';

const rangeLabels: Record<AnalyticsRange, MessageDescriptor> = {
  '7days': msg`Last 7 days`,
  '30days': msg`Last 30 days`,
  '90days': msg`Last 90 days`,
  '1year': msg`Last year`,
};
/** The range as the period it is compared with: "the previous 7 days". */
const periodLabels: Record<AnalyticsRange, MessageDescriptor> = {
  '7days': msg`7 days`,
  '30days': msg`30 days`,
  '90days': msg`90 days`,
  '1year': msg`year`,
};
const count = (value: number) => formatNumber(value);
/** A figure already in percent (12.5 means 12.5%). */
const percent = (value: number) => formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 });
const signed = (value: number) =>
  formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const dateLabel = (isoDate: string) => formatDay(isoDate);

/**
 * The Analytics tab. `FormsCard` (the forms area's card, handed over by the composition layer) follows the
 * same range.
 */
export function AnalyticsPanel({
  selectedWebsiteId,
  selectedWebsiteName,
  FormsCard,
}: DashboardPanelProps & { FormsCard?: ComponentType<{ range: AnalyticsRange }> }) {
  const [range, setRange] = useState<AnalyticsRange>('30days');
  const overview = useAnalyticsOverview(range, selectedWebsiteId);
  const data = overview.data;
  useRefreshOnFirstVisit(data?.hasData);
  const { i18n } = useLingui();

  return (
    <div className="space-y-6" data-panel="analytics">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight">
            <Trans>Analytics</Trans>
          </h2>
          {data && (
            <p className="text-sm text-muted-foreground">
              {dateLabel(data.from)} – {dateLabel(data.to)}
            </p>
          )}
          <SelectedSiteNote siteName={selectedWebsiteName} />
        </div>
        <fieldset className="flex max-w-full flex-wrap rounded-lg border bg-card p-1">
          <legend className="sr-only">
            <Trans>Date range</Trans>
          </legend>
          {analyticsRanges.map((r) => (
            <Button
              key={r}
              size="sm"
              variant={r === range ? 'default' : 'ghost'}
              aria-pressed={r === range}
              data-range={r}
              onClick={() => setRange(r)}
            >
              {i18n._(rangeLabels[r])}
            </Button>
          ))}
        </fieldset>
      </div>

      <QueryState
        query={overview}
        loading={
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-32" />
            ))}
          </div>
        }
        errorTitle={<Trans>Analytics could not be loaded.</Trans>}
        errorClassName="rounded-xl border border-destructive/40 p-6"
      >
        {(report) => <Report data={report} range={range} site={selectedWebsiteId} />}
      </QueryState>
      {FormsCard && (
        <Suspense fallback={<Skeleton className="h-40" />}>
          <FormsCard range={range} />
        </Suspense>
      )}
      <VisitorLinkCard />
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
  const { t } = useLingui();
  return (
    <>
      {!data.hasData && <NothingYet data={data} />}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <SummaryCard title={t`Visitors`} icon={Users} metric={s.visitors} value={count(s.visitors.current)} />
        <SummaryCard
          title={t`Page Views`}
          icon={Eye}
          metric={s.pageviews}
          value={count(s.pageviews.current)}
        />
        <SummaryCard
          title={t`Conversion Rate`}
          icon={Percent}
          metric={s.conversionRate}
          value={percent(s.conversionRate.current)}
          hint={t`Contacts created from your websites per 100 visitors`}
        />
        <SummaryCard
          title={t`Revenue`}
          icon={DollarSign}
          metric={s.revenue}
          value={formatMoney(s.revenue.current, { exact: true })}
          hint={t`Payments recorded in the range`}
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
                // The change line follows the figures' list: a <dl> holds only its name and value groups.
                <div className="space-y-2 text-sm">
                  <dl className="grid grid-cols-3 gap-2">
                    <Figure label={t`Visitors`} value={count(siteSummary.visitors)} />
                    <Figure label={t`Page views`} value={count(siteSummary.pageviews)} />
                    <Figure label={t`Leads`} value={count(siteSummary.leads)} />
                  </dl>
                  <p className="text-xs text-muted-foreground">
                    <Change value={siteSummary.visitorsChange} />
                  </p>
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">
                  <Trans>No visits recorded yet. Install the tracking tag from Settings, Websites.</Trans>
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
              <CardTitle className="text-base">
                <Trans>Visitors and page views</Trans>
              </CardTitle>
              <CardDescription>
                <Trans>Per day (UTC)</Trans>
              </CardDescription>
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
              <CardTitle className="text-base">
                <Trans>Traffic sources</Trans>
              </CardTitle>
              <CardDescription>
                <Trans>Visitors by referrer or utm_source</Trans>
              </CardDescription>
            </div>
            <ExportLink report="sources" range={range} site={site} />
          </CardHeader>
          <CardContent>
            {data.sources.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>No traffic sources in this range.</Trans>
              </p>
            ) : (
              <ul className="space-y-3" data-list="sources">
                {data.sources.map((source) => (
                  <li key={source.value}>
                    <Bar
                      label={source.value || t`Direct / none`}
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
            <CardTitle className="text-base">
              <Trans>Insights</Trans>
            </CardTitle>
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
        <CardTitle className="text-base">
          <Trans>No visits recorded yet</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            These figures are measured, not estimated: they stay at zero until a website's tracking tag sends
            its first page view.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {first ? (
          <InstallSnippet siteId={first.id} siteName={first.name} />
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>Add a website in Settings to get its tracking tag.</Trans>
          </p>
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
  if (value === null)
    return (
      <span>
        <Trans>No previous period to compare with</Trans>
      </span>
    );
  const change = signed(value);
  return (
    <span>
      <Trans>
        <span className={cn('font-medium', value >= 0 ? 'text-emerald-600' : 'text-destructive')}>
          {change}
        </span>{' '}
        vs the previous period
      </Trans>
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
        <span className="font-medium tabular-nums">{count(value)}</span>
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
        <Trans>CSV</Trans>
      </a>
    </Button>
  );
}

const stepLabels = {
  visit: msg`Visitors`,
  lead: msg`Leads`,
  customer: msg`Customers`,
  payment: msg`Paying customers`,
};

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
  const { t, i18n } = useLingui();
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex items-start justify-between gap-2">
          <div>
            <CardTitle className="text-base">
              <Trans>Conversion funnel</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>Visit, lead, customer, payment</Trans>
            </CardDescription>
          </div>
          {site !== null && <ExportLink report="funnel" range={range} site={site} />}
        </div>
        {data.sites.length > 0 && (
          <select
            aria-label={t`Funnel website`}
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
          <p className="text-sm text-muted-foreground">
            <Trans>Add a website to see its funnel.</Trans>
          </p>
        ) : !funnel.data ? (
          <Skeleton className="h-32" />
        ) : (
          <ol className="space-y-3" data-list="funnel">
            {funnel.data.steps.map((step) => (
              <li key={step.step} data-step={step.step}>
                <Bar
                  label={i18n._(stepLabels[step.step])}
                  value={step.count}
                  max={funnel.data.steps[0].count}
                />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

const insightTitles = {
  trend: msg`Traffic trend`,
  topSource: msg`Top source`,
  bestSite: msg`Best converting site`,
};

function InsightBox({ insight, range }: { insight: Insight; range: AnalyticsRange }) {
  const { i18n } = useLingui();
  const topic = insight.kind === 'notEnoughData' ? insight.topic : insight.kind;
  return (
    <div className="rounded-lg border bg-muted/30 p-4" data-insight={insight.kind}>
      <p className="text-sm font-semibold">{i18n._(insightTitles[topic])}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        <InsightText insight={insight} range={range} />
      </p>
    </div>
  );
}

function InsightText({ insight, range }: { insight: Insight; range: AnalyticsRange }) {
  const { i18n } = useLingui();
  switch (insight.kind) {
    case 'trend': {
      const current = count(insight.current);
      if (insight.change === null) {
        return (
          <Trans>
            <Plural value={insight.current} one="# visitor" other="# visitors" /> in this range; the period
            before had none to compare with.
          </Trans>
        );
      }
      const change = signed(insight.change);
      const period = i18n._(periodLabels[range]);
      const previous = count(insight.previous);
      return (
        <Trans>
          Visitors changed by {change} compared with the previous {period} ({current} against {previous}).
        </Trans>
      );
    }
    case 'topSource': {
      const visitors = count(insight.visitors);
      const source = insight.source;
      return source ? (
        <Trans>
          {source} brought {visitors} of <Plural value={insight.total} one="# visitor" other="# visitors" />,
          compared across all sources in this range.
        </Trans>
      ) : (
        <Trans>
          Direct visits brought {visitors} of{' '}
          <Plural value={insight.total} one="# visitor" other="# visitors" />, compared across all sources in
          this range.
        </Trans>
      );
    }
    case 'bestSite': {
      const site = insight.site;
      const rate = percent(insight.rate);
      if (insight.othersRate === null) {
        return (
          <Trans>
            {site} turned {rate} of its visitors into leads; no other site had visitors to compare with.
          </Trans>
        );
      }
      const others = percent(insight.othersRate);
      return (
        <Trans>
          {site} turned {rate} of its visitors into leads, compared with {others} for your other sites
          together.
        </Trans>
      );
    }
    default:
      return <Trans>Not enough data yet: this compares figures once your sites have recorded visits.</Trans>;
  }
}
