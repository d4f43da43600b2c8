import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import {
  CrawlSettingsDialog,
  type ServerType,
  serverTypes,
  useStartCrawl,
  useUpdateServerType,
} from '@client/features/crawls';
import { formatDateTime, formatNumber } from '@client/i18n/format';
import { errorMessage } from '@client/lib/api';
import { useAuth } from '@client/lib/use-auth';
import type { SiteHealthSettings } from '@domain/crawls/crawl-schemas';
import { hasRole } from '@domain/roles';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Download, RefreshCw, Rocket, Settings2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { CrawlStatusLine } from './crawl-status-line';
import { type DomainReport, downloadText, type LinkFixReport, useApplyLinkFixes } from './link-fixes-api';

/** One domain of the Deployment tab: its server type, snippet, deploy, crawl and routing changes. */
export function DomainCard({
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
        <CrawlStatusLine domain={domain} />
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
                <Plural value={domain.lastDeployment.fixes} one="# fix" other="# fixes" /> confirmed working.
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
