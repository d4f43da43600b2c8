import { PageLoader } from '@client/components/page-loader';
import { BackToHomeLink, SiteHeader } from '@client/components/site-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { Label } from '@client/components/ui/label';
import { Progress } from '@client/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import {
  CrawlSettingsDialog,
  type ServerType,
  serverTypes,
  useStartCrawl,
  useUpdateServerType,
  useWebsiteHealth,
} from '@client/features/crawls';
import { SearchConsoleCard } from '@client/features/seo';
import { formatDateTime, formatNumber } from '@client/i18n/format';
import { messageRefText, storedMessageText } from '@client/i18n/stored-message';
import { errorMessage } from '@client/lib/api';
import { useAuth } from '@client/lib/use-auth';
import type { SiteHealthSettings } from '@domain/crawls/crawl-schemas';
import { serverMessages } from '@domain/messages';
import { hasRole } from '@domain/roles';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  AlertTriangle,
  CheckCircle2,
  Download,
  Globe,
  LayoutDashboard,
  Link2,
  Percent,
  RefreshCw,
  Rocket,
  Settings2,
} from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link } from 'wouter';
import { categoryLabels } from './fix-category-labels';
import {
  type DomainReport,
  downloadText,
  type FixCategory,
  fixCategories,
  type LinkFix,
  type LinkFixReport,
  useApplyLinkFixes,
  useLinkFixReport,
  useLinkHealthHistory,
} from './link-fixes-api';

/** Spec 001 "Link Fix Deployment Dashboard": Success Rate = round((total − critical) / total × 100). */
export function successRate(total: number, critical: number): number {
  return total === 0 ? 100 : Math.round(((total - critical) / total) * 100);
}

const reasonText = (fix: Pick<LinkFix, 'reason' | 'reasonId' | 'reasonValues'>) =>
  storedMessageText(fix.reasonId, fix.reasonValues, fix.reason);

/** /deployment (signed in) and /deployment-demo (anyone, the demo workspace, read-only). */
export function DeploymentScreen({ demo }: { demo: boolean }) {
  const { t } = useLingui();
  const report = useLinkFixReport(demo);
  const [deployed, setDeployed] = useState<string | null>(null);

  return (
    <div className="min-h-screen bg-background">
      <SiteHeader>
        {demo ? (
          <BackToHomeLink />
        ) : (
          <Link
            href="/dashboard"
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
        {report.isLoading ? (
          <PageLoader label={t`Loading deployment report...`} />
        ) : report.error || !report.data ? (
          <p
            role="alert"
            className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
          >
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
            <Trans>Failed to load deployment data. Please try again.</Trans>
          </p>
        ) : (
          <>
            {deployed && (
              <p
                role="status"
                className="flex items-center gap-2 rounded-md border border-success/40 bg-success/10 px-4 py-3 text-sm"
                data-testid="deploy-success"
              >
                <CheckCircle2 className="h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                <Trans>
                  Link fixes deployed for {deployed}. Download the snippet and implement it on your server;
                  the fixed URLs are being checked again.
                </Trans>
              </p>
            )}
            <StatCards report={report.data} />
            <Tabs defaultValue="overview">
              <TabsList className="flex h-auto flex-wrap justify-start">
                <TabsTrigger value="overview">
                  <Trans>Overview</Trans>
                </TabsTrigger>
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
                <OverviewTab report={report.data} />
              </TabsContent>
              <TabsContent value="fixes" className="mt-4">
                <FixesTab report={report.data} />
              </TabsContent>
              <TabsContent value="deployment" className="mt-4">
                <DeploymentTab report={report.data} demo={demo} onDeployed={setDeployed} />
              </TabsContent>
              <TabsContent value="analytics" className="mt-4">
                <AnalyticsTab demo={demo} />
              </TabsContent>
            </Tabs>
          </>
        )}
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

function StatCards({ report }: { report: LinkFixReport }) {
  const { t } = useLingui();
  const total = report.totalFixes;
  const critical = report.criticalFixes.length;
  const rate = successRate(total, critical);
  const cards = [
    {
      id: 'total',
      title: t`Total Links`,
      value: formatNumber(total),
      hint: t`Links that need a fix`,
      icon: Link2,
    },
    {
      id: 'critical',
      title: t`Critical Fixes`,
      value: formatNumber(critical),
      hint: t`On many pages or the home page`,
      icon: AlertTriangle,
    },
    {
      id: 'rate',
      title: t`Success Rate`,
      value: formatNumber(rate / 100, { style: 'percent' }),
      hint: null,
      icon: Percent,
    },
    {
      id: 'domains',
      title: t`Domains`,
      value: formatNumber(report.domains.length),
      hint: t`Websites crawled`,
      icon: Globe,
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.id} data-testid={`stat-${card.id}`}>
          <CardHeader className="flex-row items-center justify-between pb-2">
            <CardTitle className="text-sm font-medium text-muted-foreground">{card.title}</CardTitle>
            <card.icon className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-bold tracking-tight">{card.value}</p>
            {card.hint ? (
              <p className="text-xs text-muted-foreground">{card.hint}</p>
            ) : (
              <Progress value={rate} className="mt-2" aria-label={t`Success Rate`} />
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function OverviewTab({ report }: { report: LinkFixReport }) {
  const { i18n } = useLingui();
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">
            <Trans>Issues by category</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="space-y-2 text-sm" data-testid="issues-by-category">
            {fixCategories.map((category) => (
              <li key={category} className="flex justify-between gap-2">
                <span>{i18n._(categoryLabels[category])}</span>
                <span className="font-semibold tabular-nums">
                  {formatNumber(report.fixesByCategory[category])}
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="text-base">
            <Trans>Critical issues</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Broken links on many pages or on the home page.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {report.criticalFixes.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>No critical issues.</Trans>
            </p>
          ) : (
            <ul className="divide-y text-sm" data-testid="critical-fixes">
              {report.criticalFixes.map((fix) => (
                <li key={`${fix.domain} ${fix.brokenUrl}`} className="space-y-1 py-3">
                  <p className="break-all font-medium text-destructive">{fix.brokenUrl}</p>
                  <p className="break-all">
                    {fix.fixedUrl ? (
                      <>
                        <span aria-hidden="true">→ </span>
                        {fix.fixedUrl}
                      </>
                    ) : (
                      <span className="text-muted-foreground">
                        <Trans>No fix found</Trans>
                      </span>
                    )}
                  </p>
                  <p className="text-muted-foreground">{reasonText(fix)}</p>
                  <p className="text-xs text-muted-foreground">
                    <Plural value={fix.sources.length} one="# source page" other="# source pages" />
                  </p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function FixesTab({ report }: { report: LinkFixReport }) {
  const { t, i18n } = useLingui();
  const [category, setCategory] = useState<FixCategory | 'all'>('all');
  const [domain, setDomain] = useState('all');
  const [criticalOnly, setCriticalOnly] = useState(false);
  const shown = report.fixes.filter(
    (f) =>
      (category === 'all' || f.category === category) &&
      (domain === 'all' || f.domain === domain) &&
      (!criticalOnly || f.critical),
  );
  return (
    <Card>
      <CardHeader className="space-y-4">
        <CardTitle className="text-base">
          <Trans>Every link fix</Trans>
        </CardTitle>
        <div className="flex flex-wrap items-center gap-3">
          <Select value={category} onValueChange={(v) => setCategory(v as FixCategory | 'all')}>
            <SelectTrigger className="w-56" aria-label={t`Category`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t`All categories`}</SelectItem>
              {fixCategories.map((c) => (
                <SelectItem key={c} value={c}>
                  {i18n._(categoryLabels[c])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={domain} onValueChange={setDomain}>
            <SelectTrigger className="w-56" aria-label={t`Domain`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t`All domains`}</SelectItem>
              {report.domains.map((d) => (
                <SelectItem key={d.domain} value={d.domain}>
                  {d.domain}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <div className="flex items-center gap-2">
            <Checkbox
              id="critical-only"
              checked={criticalOnly}
              onCheckedChange={(v) => setCriticalOnly(v === true)}
            />
            <Label htmlFor="critical-only">
              <Trans>Critical only</Trans>
            </Label>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No link fixes match.</Trans>
          </p>
        ) : (
          <ul className="divide-y text-sm" data-testid="fix-list">
            {shown.map((fix) => (
              <li
                key={`${fix.domain} ${fix.brokenUrl}`}
                className="grid gap-1 py-3 md:grid-cols-[1fr_1fr] md:gap-4"
              >
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={fix.critical ? 'destructive' : 'secondary'}>
                      {i18n._(categoryLabels[fix.category])}
                    </Badge>
                    <span className="text-xs text-muted-foreground">{fix.domain}</span>
                  </div>
                  <p className="break-all font-medium">{fix.brokenUrl}</p>
                  <p className="break-all text-muted-foreground">
                    {fix.fixedUrl ?? <Trans>No fix found</Trans>}
                  </p>
                </div>
                <div className="min-w-0 space-y-1 text-muted-foreground">
                  <p>{reasonText(fix)}</p>
                  <p className="text-xs">
                    <Plural value={fix.sources.length} one="# source page" other="# source pages" />
                  </p>
                  {fix.category === 'broken-resource' && (
                    // A subresource is fixed in the page that loads it: say which element, on which page.
                    <ul className="space-y-0.5 text-xs" data-testid="resource-references">
                      {fix.references.map(({ source, element }) => (
                        <li key={`${source} ${element}`} className="break-all">
                          {t`Loaded by ${element} on ${source}`}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DeploymentTab({
  report,
  demo,
  onDeployed,
}: {
  report: LinkFixReport;
  demo: boolean;
  onDeployed: (domain: string) => void;
}) {
  const { i18n } = useLingui();
  const websites = useWebsiteHealth(!demo);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        {report.domains.map((d) => (
          <DomainCard
            key={d.domain}
            domain={d}
            report={report}
            demo={demo}
            settings={websites.data?.find((w) => w.websiteId === d.websiteId)?.settings ?? null}
            onDeployed={onDeployed}
          />
        ))}
      </div>
      {websites.data && (
        <Suspense fallback={null}>
          <SearchConsoleCard websites={websites.data} />
        </Suspense>
      )}
      {report.deploymentInstructionMessages.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">
              <Trans>Deployment instructions</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="list-decimal space-y-2 ps-5 text-sm" data-testid="deployment-instructions">
              {report.deploymentInstructionMessages.map((m, i) => (
                // Instructions repeat their wording per domain: the position is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={i}>{i18n._(serverMessages[m.id], m.values)}</li>
              ))}
            </ol>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function DomainCard({
  domain,
  report,
  demo,
  settings,
  onDeployed,
}: {
  domain: DomainReport;
  report: LinkFixReport;
  demo: boolean;
  settings: SiteHealthSettings | null;
  onDeployed: (domain: string) => void;
}) {
  const { t } = useLingui();
  const { user } = useAuth();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const apply = useApplyLinkFixes();
  const crawl = useStartCrawl();
  const serverType = useUpdateServerType();
  const routes = report.routerConfiguration[domain.domain] ?? [];
  const running = domain.crawl?.status === 'queued' || domain.crawl?.status === 'running';
  const mutationError = apply.error ?? crawl.error ?? serverType.error;
  return (
    <Card data-testid={`domain-${domain.domain}`}>
      <CardHeader className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <CardTitle className="break-all text-base">{domain.domain}</CardTitle>
            <CardDescription>{domain.name}</CardDescription>
          </div>
          <Badge variant="outline">
            <Plural value={domain.fixes} one="# fix" other="# fixes" />
          </Badge>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Select
            value={domain.serverType}
            disabled={demo || serverType.isPending}
            onValueChange={(v) =>
              serverType.mutate({ websiteId: domain.websiteId, serverType: v as ServerType })
            }
          >
            <SelectTrigger className="w-40" aria-label={t`Server type`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {serverTypes.map((s) => (
                <SelectItem key={s} value={s}>
                  {s}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button
            size="sm"
            variant="outline"
            onClick={() => downloadText(domain.fileName, report.deploymentSnippets[domain.domain] ?? '')}
          >
            <Download className="me-1 h-4 w-4" aria-hidden="true" />
            <Trans>Download</Trans>
          </Button>
          <Button
            size="sm"
            disabled={demo || apply.isPending || domain.redirects === 0}
            onClick={() => apply.mutate(domain.domain, { onSuccess: () => onDeployed(domain.domain) })}
          >
            <Rocket className="me-1 h-4 w-4" aria-hidden="true" />
            {apply.isPending ? <Trans>Deploying...</Trans> : <Trans>Deploy</Trans>}
          </Button>
          {!demo && (
            <Button
              size="sm"
              variant="ghost"
              disabled={running || crawl.isPending}
              onClick={() => crawl.mutate(domain.websiteId)}
            >
              <RefreshCw className={`me-1 h-4 w-4 ${running ? 'animate-spin' : ''}`} aria-hidden="true" />
              <Trans>Crawl now</Trans>
            </Button>
          )}
          {settings && (
            <Button size="sm" variant="ghost" onClick={() => setSettingsOpen(true)}>
              <Settings2 className="me-1 h-4 w-4" aria-hidden="true" />
              <Trans>Crawl settings</Trans>
            </Button>
          )}
        </div>
        {mutationError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(mutationError)}
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <CrawlLine domain={domain} />
        {routes.length === 0 ? (
          <p className="text-muted-foreground">
            <Trans>No routing changes.</Trans>
          </p>
        ) : (
          <ul
            className="max-h-56 space-y-1 overflow-auto rounded-md bg-muted p-3 font-mono text-xs"
            dir="ltr"
          >
            {routes.map((line) => (
              <li key={line} className="break-all">
                {line}
              </li>
            ))}
          </ul>
        )}
        {domain.lastDeployment && (
          <p className="text-muted-foreground" data-testid="verification">
            {domain.lastDeployment.verification.status === 'done' ? (
              <Trans>
                Deployed {formatDateTime(domain.lastDeployment.createdAt)}:{' '}
                {formatNumber(domain.lastDeployment.verification.working.length)} of{' '}
                {formatNumber(domain.lastDeployment.fixes)} fixes confirmed working.
              </Trans>
            ) : (
              <Trans>
                Deployed {formatDateTime(domain.lastDeployment.createdAt)}: checking the fixed URLs...
              </Trans>
            )}
          </p>
        )}
      </CardContent>
      {settings && (
        <Suspense fallback={null}>
          <CrawlSettingsDialog
            websiteId={domain.websiteId}
            domain={domain.domain}
            settings={settings}
            canEdit={user !== null && hasRole(user.role, 'admin')}
            open={settingsOpen}
            onOpenChange={setSettingsOpen}
          />
        </Suspense>
      )}
    </Card>
  );
}

function CrawlLine({ domain }: { domain: DomainReport }) {
  const crawl = domain.crawl;
  if (!crawl)
    return (
      <p className="text-muted-foreground">
        <Trans>Not crawled yet.</Trans>
      </p>
    );
  if (crawl.status === 'done' && crawl.finishedAt)
    return (
      <p className="text-muted-foreground">
        <Trans>
          Crawled {formatDateTime(crawl.finishedAt)}: {formatNumber(crawl.pagesDone)} URLs checked.
        </Trans>
      </p>
    );
  if (crawl.status === 'failed')
    return (
      <p className="text-destructive">
        <Trans>The last crawl failed.</Trans>
        {crawl.error && <span className="ms-1">{messageRefText(crawl.errorMessage, crawl.error)}</span>}
      </p>
    );
  return (
    <p className="text-muted-foreground" role="status">
      <Trans>
        Crawling: {formatNumber(crawl.pagesDone)} URLs checked, {formatNumber(crawl.pagesQueued)} waiting.
      </Trans>
    </p>
  );
}

function AnalyticsTab({ demo }: { demo: boolean }) {
  const history = useLinkHealthHistory(demo);
  if (history.isLoading) return <PageLoader />;
  if (history.error || !history.data)
    return (
      <p role="alert" className="text-sm text-destructive">
        <Trans>Failed to load deployment data. Please try again.</Trans>
      </p>
    );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {history.data.map((site) => (
        <Card key={site.websiteId}>
          <CardHeader>
            <CardTitle className="break-all text-base">{site.domain}</CardTitle>
            <CardDescription>
              <Trans>Link health across crawls</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent>
            {site.crawls.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>Not crawled yet.</Trans>
              </p>
            ) : (
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-start text-xs text-muted-foreground">
                    <th className="pb-2 text-start font-medium">
                      <Trans>Crawl</Trans>
                    </th>
                    <th className="pb-2 text-end font-medium">
                      <Trans>Pages</Trans>
                    </th>
                    <th className="pb-2 text-end font-medium">
                      <Trans>Broken</Trans>
                    </th>
                    <th className="pb-2 text-end font-medium">
                      <Trans>SEO score</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {site.crawls.map((c) => (
                    <tr key={c.crawlId} className="border-t">
                      <td className="py-2">{c.finishedAt ? formatDateTime(c.finishedAt) : '—'}</td>
                      <td className="py-2 text-end tabular-nums">
                        {c.pages === null ? '—' : formatNumber(c.pages)}
                      </td>
                      <td className="py-2 text-end tabular-nums">
                        {c.broken === null ? '—' : formatNumber(c.broken)}
                      </td>
                      <td className="py-2 text-end tabular-nums">
                        {c.seoScore === null ? '—' : formatNumber(c.seoScore)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
