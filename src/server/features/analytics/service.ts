import {
  type AnalyticsOverview,
  type AnalyticsRange,
  type AppFigures,
  type Breakdown,
  type BreakdownDimension,
  type BreakdownRow,
  type Funnel,
  type Insight,
  type Metric,
  neutralizeCsvCell,
  percentChange,
  type ReportQuery,
  rangeDays,
  type SiteSummary,
  type Snippet,
} from '@domain/analytics/analytics-schemas';
import { AppError } from '@domain/app-error';
import { applications } from '@domain/catalogue/applications';
import { serverMessage } from '@domain/messages';
import { stringify } from 'csv-stringify/sync';
import type { Tx } from '../../db/database.js';
import { countLeadsBySource, type SourceLeads } from '../contacts/index.js';
import { revenueBetween } from '../payments/index.js';
import { getWebsiteTrackingKey, listWebsites } from '../websites/index.js';
import * as store from './store.js';
import { snippetFor } from './tracker-script.js';

const dimensionOf: Record<BreakdownDimension, store.RollupDimension> = {
  pages: 'page',
  sources: 'source',
  countries: 'country',
  devices: 'device',
  events: 'event',
};

const dayMs = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/** The range's UTC days ending today, and the same number of days just before them. */
export function periodsFor(
  range: AnalyticsRange,
  now: Date,
): { current: store.Period; previous: store.Period } {
  const days = rangeDays[range];
  const today = dayStart(isoDay(now)).getTime();
  const at = (offset: number) => isoDay(new Date(today - offset * dayMs));
  return {
    current: { from: at(days - 1), to: at(0) },
    previous: { from: at(2 * days - 1), to: at(days) },
  };
}

/** [from, to) as instants, for contacts and payments. */
function instants(period: store.Period): [Date, Date] {
  return [dayStart(period.from), new Date(dayStart(period.to).getTime() + dayMs)];
}

function metric(current: number, previous: number): Metric {
  return { current, previous, change: percentChange(current, previous) };
}

/** Leads per 100 visitors, one decimal. */
function rate(leads: number, visitors: number): number {
  return visitors === 0 ? 0 : Math.round((leads / visitors) * 1000) / 10;
}

const breakdownLimit = 100;
const sourcesShown = 8;

async function leadsOfSites(tx: Tx, period: store.Period, siteNames: Map<number, string>) {
  const rows = await countLeadsBySource(tx, ...instants(period));
  const byName = new Map(rows.map((r) => [r.source.toLowerCase(), r]));
  const none: SourceLeads = { source: '', leads: 0, customers: 0, customerEmails: [] };
  return new Map([...siteNames].map(([id, name]) => [id, byName.get(name.toLowerCase()) ?? none]));
}

async function periodFigures(
  tx: Tx,
  period: store.Period,
  sites: store.SiteCounts[],
  siteNames: Map<number, string>,
  site?: number,
) {
  // One transaction is one connection: its queries run one after another.
  const leads = await leadsOfSites(tx, period, siteNames);
  const counted = sites.filter(
    (s) => siteNames.has(s.websiteId) && (site === undefined || s.websiteId === site),
  );
  const chosenLeads = [...leads].filter(([id]) => site === undefined || id === site).map(([, l]) => l);
  const emails = chosenLeads.flatMap((l) => l.customerEmails);
  const revenue = await revenueBetween(tx, ...instants(period), emails);
  return {
    sites,
    leads,
    visitors: counted.reduce((sum, s) => sum + s.visitors, 0),
    pageviews: counted.reduce((sum, s) => sum + s.pageviews, 0),
    leadCount: chosenLeads.reduce((sum, l) => sum + l.leads, 0),
    // All payments for the whole workspace; one site's view counts its own customers' payments.
    revenue: site === undefined ? revenue.total : revenue.payersAmount,
  };
}

function insightsFrom(
  visitors: Metric,
  sources: BreakdownRow[],
  sites: SiteSummary[],
): [Insight, Insight, Insight] {
  const trend: Insight =
    visitors.current === 0 && visitors.previous === 0
      ? { kind: 'notEnoughData', topic: 'trend' }
      : { kind: 'trend', current: visitors.current, previous: visitors.previous, change: visitors.change };
  const total = sources.reduce((sum, s) => sum + s.visitors, 0);
  const top = sources[0];
  const topSource: Insight =
    !top || total === 0
      ? { kind: 'notEnoughData', topic: 'topSource' }
      : { kind: 'topSource', source: top.value, visitors: top.visitors, total };
  const visited = sites.filter((s) => s.visitors > 0);
  const best = visited.toSorted((a, b) => rate(b.leads, b.visitors) - rate(a.leads, a.visitors))[0];
  let bestSite: Insight = { kind: 'notEnoughData', topic: 'bestSite' };
  if (best) {
    const others = visited.filter((s) => s.id !== best.id);
    const otherVisitors = others.reduce((sum, s) => sum + s.visitors, 0);
    bestSite = {
      kind: 'bestSite',
      site: best.name,
      rate: rate(best.leads, best.visitors),
      othersRate:
        otherVisitors === 0
          ? null
          : rate(
              others.reduce((sum, s) => sum + s.leads, 0),
              otherVisitors,
            ),
    };
  }
  return [trend, topSource, bestSite];
}

/** Everything the Analytics tab shows at once, from the daily rollups (never raw events). */
export async function getOverview(tx: Tx, query: ReportQuery, now = new Date()): Promise<AnalyticsOverview> {
  const { current, previous } = periodsFor(query.range, now);
  const websites = await listWebsites(tx);
  const siteNames = new Map(websites.map((w) => [w.id, w.name]));
  const totals = await store.siteTotalsOfPeriods(tx, current, previous);
  const cur = await periodFigures(tx, current, totals.current, siteNames, query.site);
  const prev = await periodFigures(tx, previous, totals.previous, siteNames, query.site);
  const timeseries = await store.dailyTotals(tx, current, query.site);
  const sourceRows = await store.breakdown(tx, 'source', current, query.site, breakdownLimit);
  const withData = await store.sitesWithData(tx);
  const byDay = new Map(timeseries.map((d) => [d.day, d]));
  const days: AnalyticsOverview['timeseries'] = [];
  for (let t = dayStart(current.from).getTime(); t <= dayStart(current.to).getTime(); t += dayMs) {
    const day = isoDay(new Date(t));
    days.push({ day, visitors: byDay.get(day)?.visitors ?? 0, pageviews: byDay.get(day)?.pageviews ?? 0 });
  }
  // The per-site cards follow the sidebar's website too: one card when one website is chosen.
  const shown = query.site === undefined ? websites : websites.filter((w) => w.id === query.site);
  const sites: SiteSummary[] = shown.map((w) => {
    const now = cur.sites.find((s) => s.websiteId === w.id);
    const before = prev.sites.find((s) => s.websiteId === w.id);
    return {
      id: w.id,
      name: w.name,
      domain: w.domain,
      visitors: now?.visitors ?? 0,
      pageviews: now?.pageviews ?? 0,
      leads: cur.leads.get(w.id)?.leads ?? 0,
      visitorsChange: percentChange(now?.visitors ?? 0, before?.visitors ?? 0),
      hasData: withData.has(w.id),
    };
  });
  const visitors = metric(cur.visitors, prev.visitors);
  return {
    range: query.range,
    from: current.from,
    to: current.to,
    summary: {
      visitors,
      pageviews: metric(cur.pageviews, prev.pageviews),
      conversionRate: metric(rate(cur.leadCount, cur.visitors), rate(prev.leadCount, prev.visitors)),
      revenue: metric(cur.revenue, prev.revenue),
    },
    sites,
    timeseries: days,
    sources: sourceRows.slice(0, sourcesShown),
    insights: insightsFrom(visitors, sourceRows, sites),
    hasData: withData.size > 0,
  };
}

export async function getBreakdown(
  tx: Tx,
  dimension: BreakdownDimension,
  query: ReportQuery,
  now = new Date(),
): Promise<Breakdown> {
  const { current } = periodsFor(query.range, now);
  return {
    dimension,
    rows: await store.breakdown(tx, dimensionOf[dimension], current, query.site, breakdownLimit),
  };
}

/** The same breakdown from raw events: for the rollup test and the benchmark, not for the API. */
export async function getBreakdownFromRaw(
  tx: Tx,
  dimension: BreakdownDimension,
  query: ReportQuery,
  now = new Date(),
): Promise<Breakdown> {
  const { current } = periodsFor(query.range, now);
  return {
    dimension,
    rows: await store.breakdownFromRaw(tx, dimensionOf[dimension], current, query.site, breakdownLimit),
  };
}

/** Visit -> lead (a contact created from the site) -> customer -> payment, for one website. */
export async function getFunnel(
  tx: Tx,
  query: { range: AnalyticsRange; site: number },
  now = new Date(),
): Promise<Funnel> {
  await getWebsiteTrackingKey(tx, query.site); // 404 for a website the workspace does not have
  const { current } = periodsFor(query.range, now);
  const websites = await listWebsites(tx);
  const siteNames = new Map(websites.filter((w) => w.id === query.site).map((w) => [w.id, w.name]));
  const totals = await store.siteTotals(tx, current);
  const leads = await leadsOfSites(tx, current, siteNames);
  const lead = leads.get(query.site);
  const paid = await revenueBetween(tx, ...instants(current), lead?.customerEmails ?? []);
  return {
    siteId: query.site,
    steps: [
      { step: 'visit', count: totals.find((s) => s.websiteId === query.site)?.visitors ?? 0 },
      { step: 'lead', count: lead?.leads ?? 0 },
      { step: 'customer', count: lead?.customers ?? 0 },
      { step: 'payment', count: paid.payers },
    ],
  };
}

export async function getSnippet(tx: Tx, siteId: number, origin: string): Promise<Snippet> {
  const key = await getWebsiteTrackingKey(tx, siteId);
  const withData = await store.sitesWithData(tx);
  return { siteId, trackingKey: key, snippet: snippetFor(origin, key), hasData: withData.has(siteId) };
}

/** Visitors of the last 30 days for the dashboard's Traffic card; null until any site has sent an event. */
export async function countDashboardTraffic(
  tx: Tx,
  options: { websiteId?: number; now?: Date } = {},
): Promise<number | null> {
  const withData = await store.sitesWithData(tx);
  if (options.websiteId === undefined ? withData.size === 0 : !withData.has(options.websiteId)) return null;
  const { current } = periodsFor('30days', options.now ?? new Date());
  return (await store.siteTotals(tx, current))
    .filter((site) => options.websiteId === undefined || site.websiteId === options.websiteId)
    .reduce((sum, site) => sum + site.visitors, 0);
}

/**
 * Catalogue Analytics tab: an application "has a website" when one of the workspace's websites carries
 * its name; its figures are that site's visitors, its customers' payments and its visitor growth.
 */
export async function getAppFigures(tx: Tx, now = new Date()): Promise<AppFigures> {
  const websites = await listWebsites(tx);
  const matched = applications.flatMap((app) => {
    const site = websites.find((w) => w.name.toLowerCase() === app.name.toLowerCase());
    return site ? [{ app, site }] : [];
  });
  if (matched.length === 0) return [];
  const { current, previous } = periodsFor('30days', now);
  const siteNames = new Map(matched.map(({ site }) => [site.id, site.name]));
  const { current: cur, previous: prev } = await store.siteTotalsOfPeriods(tx, current, previous);
  const leads = await leadsOfSites(tx, current, siteNames);
  const figures: AppFigures = [];
  for (const { app, site } of matched) {
    const visitors = cur.find((s) => s.websiteId === site.id)?.visitors ?? 0;
    const before = prev.find((s) => s.websiteId === site.id)?.visitors ?? 0;
    const paid = await revenueBetween(tx, ...instants(current), leads.get(site.id)?.customerEmails ?? []);
    figures.push({
      appId: app.id,
      websiteId: site.id,
      activeUsers: visitors,
      revenue: paid.payersAmount,
      growth: percentChange(visitors, before),
    });
  }
  return figures;
}

function csv(header: string[], rows: Array<Array<string | number | null>>): string {
  const cell = (v: string | number | null) => (typeof v === 'string' ? neutralizeCsvCell(v) : (v ?? ''));
  return stringify([header, ...rows.map((r) => r.map(cell))]);
}

/** One report as CSV, the same figures as its JSON route. */
export async function exportReport(
  tx: Tx,
  report: 'summary' | 'sites' | 'timeseries' | 'funnel' | BreakdownDimension,
  query: ReportQuery,
  now = new Date(),
): Promise<string> {
  if (report === 'funnel') {
    if (query.site === undefined)
      throw AppError.badRequest('site', serverMessage('analytics.funnelNeedsSite'));
    const funnel = await getFunnel(tx, { range: query.range, site: query.site }, now);
    return csv(
      ['step', 'count'],
      funnel.steps.map((s) => [s.step, s.count]),
    );
  }
  if (report !== 'summary' && report !== 'sites' && report !== 'timeseries') {
    const { rows } = await getBreakdown(tx, report, query, now);
    return csv(
      ['value', 'visitors', 'pageviews', 'events'],
      rows.map((r) => [r.value, r.visitors, r.pageviews, r.events]),
    );
  }
  const overview = await getOverview(tx, query, now);
  if (report === 'sites') {
    return csv(
      ['site', 'domain', 'visitors', 'pageviews', 'leads', 'visitors change %'],
      overview.sites.map((s) => [s.name, s.domain, s.visitors, s.pageviews, s.leads, s.visitorsChange]),
    );
  }
  if (report === 'timeseries') {
    return csv(
      ['day', 'visitors', 'pageviews'],
      overview.timeseries.map((d) => [d.day, d.visitors, d.pageviews]),
    );
  }
  const s = overview.summary;
  return csv(
    ['metric', 'current', 'previous', 'change %'],
    [
      ['visitors', s.visitors.current, s.visitors.previous, s.visitors.change],
      ['pageviews', s.pageviews.current, s.pageviews.previous, s.pageviews.change],
      ['conversion rate %', s.conversionRate.current, s.conversionRate.previous, s.conversionRate.change],
      ['revenue (cents)', s.revenue.current, s.revenue.previous, s.revenue.change],
    ],
  );
}
