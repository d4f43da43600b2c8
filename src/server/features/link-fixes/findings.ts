import { createHash } from 'node:crypto';
import { contactDisplayName } from '@domain/contacts/names';
import { findingWindowDays, impactScore, type SiteFinding } from '@domain/link-fixes/finding-schemas';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import { pageTraffic } from '../analytics/index.js';
import { workflowsLinkingTo } from '../automation/index.js';
import { findContact } from '../contacts/index.js';
import { allLatestSiteCrawls, listCrawlLinks, type SiteCrawl } from '../crawls/index.js';
import { openDealsOfContacts } from '../deals/index.js';
import { submissionsByPage } from '../forms/index.js';
import { campaignsLinkingTo, queueHeldCampaignsRecheck } from '../marketing/index.js';
import { closeTasksForCauses, ensureTaskForCause, openCauseKeys, tasksOfCauses } from '../tasks/index.js';
import { buildSiteFixes, followRedirects } from './site-fixes.js';
import { redirectOf, redirectSnippet } from './snippets.js';

const causePrefix = (websiteId: number) => `site-finding:${websiteId}:`;
/**
 * A finding is the same across crawls when its website and URL are: its task's cause. A cause key holds
 * at most 500 characters, so a longer URL is named by its SHA-256.
 */
export const findingCauseKey = (websiteId: number, url: string) =>
  `${causePrefix(websiteId)}${url.length <= 400 ? url : `sha256:${createHash('sha256').update(url).digest('hex')}`}`;

const listedContacts = 20;
const pathOf = (url: string) => new URL(url).pathname;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A site's findings from its latest finished crawl (broken links and subresources, redirect chains and
 * loops; an http link to a working https page is not a finding), each with what it costs: its source
 * pages' traffic and form conversions over the last 30 days, the campaigns and workflows mailing it, and
 * the contacts (and their open deals) whose visitors viewed a source page. Highest impact first.
 */
async function siteFindings(tx: Tx, site: SiteCrawl, at: Date): Promise<SiteFinding[]> {
  if (!site.crawl) return [];
  const links = await listCrawlLinks(tx, site.crawl.id);
  const fixes = buildSiteFixes(site.crawl.startUrl, site.urls, links).filter(
    (f) => f.category !== 'http-to-https',
  );
  if (fixes.length === 0) return [];
  const websiteId = site.website.id;
  const byUrl = new Map(site.urls.map((u) => [u.url, u]));
  const anchors = new Map<string, Set<string>>();
  for (const link of links) {
    const key = `${link.targetUrl} ${link.sourceUrl}`;
    const set = anchors.get(key) ?? new Set<string>();
    if (link.anchorText?.trim()) set.add(link.anchorText.trim());
    anchors.set(key, set);
  }
  const paths = [...new Set(fixes.flatMap((f) => f.sources.map(pathOf)))];
  const since = new Date(at.getTime() - findingWindowDays * 86_400_000);
  const traffic = await pageTraffic(tx, websiteId, paths, since);
  const conversions = await submissionsByPage(tx, websiteId, paths, since);
  const urls = fixes.map((f) => f.brokenUrl);
  const campaigns = await campaignsLinkingTo(tx, urls);
  const workflows = await workflowsLinkingTo(tx, urls);
  const tasks = await tasksOfCauses(
    tx,
    urls.map((u) => findingCauseKey(websiteId, u)),
  );
  const allContacts = [...new Set([...traffic.values()].flatMap((t) => t.contactIds))];
  const deals = await openDealsOfContacts(tx, allContacts);
  const names = new Map<number, string>();
  const nameOf = async (id: number) => {
    if (!names.has(id)) {
      const contact = await findContact(tx, id);
      names.set(id, contact ? contactDisplayName(contact) : String(id));
    }
    return names.get(id) as string;
  };

  const findings: SiteFinding[] = [];
  for (const fix of fixes) {
    const sourcePaths = [...new Set(fix.sources.map(pathOf))];
    const pageViews = sourcePaths.reduce((n, p) => n + (traffic.get(p)?.views ?? 0), 0);
    const formConversions = sourcePaths.reduce((n, p) => n + (conversions.get(p) ?? 0), 0);
    const contactIds = [...new Set(sourcePaths.flatMap((p) => traffic.get(p)?.contactIds ?? []))].sort(
      (a, b) => a - b,
    );
    const contactSet = new Set(contactIds);
    const openDeals = deals.filter((d) => contactSet.has(d.contactId));
    const linkingCampaigns = campaigns.get(fix.brokenUrl) ?? [];
    const linkingWorkflows = workflows.get(fix.brokenUrl) ?? [];
    const row = byUrl.get(fix.brokenUrl);
    const chain = row?.redirectChain ?? [];
    const finalUrl =
      fix.category === 'redirect-chain'
        ? fix.fixedUrl
        : row?.location
          ? (followRedirects(fix.brokenUrl, byUrl).end?.url ?? null)
          : chain.length > 1
            ? chain[chain.length - 1].url
            : null;
    const task = tasks.get(findingCauseKey(websiteId, fix.brokenUrl)) ?? null;
    findings.push({
      websiteId,
      domain: site.website.domain,
      category: fix.category,
      url: fix.brokenUrl,
      finalUrl,
      fixedUrl: fix.fixedUrl,
      reason: fix.reason,
      reasonId: fix.reasonId,
      reasonValues: fix.reasonValues,
      internal: fix.internal,
      snippet:
        fix.internal && fix.fixedUrl
          ? redirectSnippet(site.settings.serverType, site.website.domain, [
              redirectOf(fix.brokenUrl, fix.fixedUrl),
            ])
          : null,
      sources: fix.references.map((r) => ({
        url: r.source,
        element: r.element,
        anchors: [...(anchors.get(`${fix.brokenUrl} ${r.source}`) ?? [])].sort(),
        pageViews: traffic.get(pathOf(r.source))?.views ?? 0,
        formConversions: conversions.get(pathOf(r.source)) ?? 0,
      })),
      pageViews,
      formConversions,
      campaigns: linkingCampaigns,
      workflows: linkingWorkflows,
      contacts: await Promise.all(
        contactIds.slice(0, listedContacts).map(async (id) => ({ id, name: await nameOf(id) })),
      ),
      contactCount: contactIds.length,
      deals: openDeals.slice(0, listedContacts).map((d) => ({
        ...d,
        id: Number(d.id),
        valueCents: Number(d.valueCents),
        contactId: Number(d.contactId),
      })),
      dealCount: openDeals.length,
      score: impactScore({
        category: fix.category,
        pageViews,
        formConversions,
        pendingCampaigns: linkingCampaigns.filter((c) => c.status !== 'sent' && c.status !== 'cancelled')
          .length,
        activeWorkflows: linkingWorkflows.filter((w) => w.status === 'active').length,
        contacts: contactIds.length,
        openDeals: openDeals.length,
      }),
      task,
    });
  }
  return findings.sort((a, b) => b.score - a.score || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

/** Every website's findings (or one website's), highest impact first. */
export async function listFindings(tx: Tx, at: Date, websiteId?: number): Promise<SiteFinding[]> {
  const all: SiteFinding[] = [];
  for (const site of await allLatestSiteCrawls(tx))
    if (websiteId === undefined || site.website.id === websiteId)
      all.push(...(await siteFindings(tx, site, at)));
  return all.sort((a, b) => b.score - a.score || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

function taskDescription(finding: SiteFinding): string {
  const lines = [
    finding.reason,
    serverMessage('siteHealth.findingLinkedFrom', {
      pages: finding.sources
        .slice(0, 10)
        .map((s) => (s.anchors.length ? `${s.url} ("${s.anchors.join('", "')}")` : s.url))
        .join(', '),
    }).text,
    serverMessage('siteHealth.findingTraffic', {
      views: finding.pageViews,
      conversions: finding.formConversions,
    }).text,
  ];
  const emails = [...finding.campaigns, ...finding.workflows].map((e) => e.name);
  if (emails.length) lines.push(serverMessage('siteHealth.findingEmails', { names: emails.join(', ') }).text);
  lines.push('');
  if (finding.snippet)
    lines.push(serverMessage('siteHealth.findingFix').text, clip(finding.snippet.trim(), 2000));
  else lines.push(serverMessage('siteHealth.findingEditLinks').text);
  return clip(lines.join('\n'), 5000);
}

/**
 * After a full crawl (in the transaction that finishes it): each finding of each website's latest crawl
 * has its task, made once and in impact order (the task of a finding seen again is kept, or reopened if it
 * was done); the open tasks of findings the crawl no longer has are closed: the fix is verified.
 */
export async function syncFindingTasks(deps: Pick<AppDeps, 'clock'>, tx: Tx): Promise<void> {
  const at = now(deps);
  for (const site of await allLatestSiteCrawls(tx)) {
    if (!site.crawl) continue;
    const findings = await siteFindings(tx, site, at);
    const current = new Set<string>();
    for (const finding of findings) {
      const key = findingCauseKey(site.website.id, finding.url);
      current.add(key);
      await ensureTaskForCause(tx, key, {
        title: clip(serverMessage('siteHealth.findingTaskTitle', { url: finding.url }).text, 200),
        description: taskDescription(finding),
        ...(finding.deals[0] ? { dealId: finding.deals[0].id } : {}),
      });
    }
    const gone = (await openCauseKeys(tx, causePrefix(site.website.id))).filter((k) => !current.has(k));
    await closeTasksForCauses(deps, tx, gone);
  }
}

/**
 * What follows a finished full crawl (in its transaction): the findings' tasks, and a new look at the
 * campaigns held for failing links, which the crawl may have found mended.
 */
export async function afterSiteCrawl(tx: Tx, deps: AppDeps, workspaceId: number): Promise<void> {
  await syncFindingTasks(deps, tx);
  await queueHeldCampaignsRecheck(deps, tx, workspaceId);
}
