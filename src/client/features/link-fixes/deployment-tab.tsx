import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { useWebsiteHealth } from '@client/features/crawls';
import { SearchConsoleCard } from '@client/features/seo';
import { serverMessages } from '@domain/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { DomainCard } from './domain-card';
import type { LinkFixReport } from './link-fixes-api';

/** The Deployment tab: a card per domain, Search Console and the deployment instructions. */
export function DeploymentTab({
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
