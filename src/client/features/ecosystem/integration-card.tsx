import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatNumber } from '@client/i18n/format';
import { onErrorToast } from '@client/lib/error-toast';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { Link } from 'wouter';
import { dollars } from './dollars';
import { downloadIntegrationPackage, useIntegrationStatus } from './ecosystem-api';

/** Integration status: the ecosystem's counts, the links onward and the integration package. */
export function IntegrationCard({ demo }: { demo: boolean }) {
  const { t } = useLingui();
  const { data } = useIntegrationStatus(demo);
  const download = () => downloadIntegrationPackage(demo).catch(onErrorToast(t`Download failed`));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Integration status</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Add each app's cross-sell snippet from the integration package, then collect its data from the
            dashboard.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-4 text-sm">
          <Metric label={t`Total applications`} value={formatNumber(data?.totalApplications ?? 0)} />
          <Metric
            label={t`Cross-sell opportunities`}
            value={formatNumber(data?.crossSellOpportunities ?? 0)}
          />
          <Metric label={t`Link fixes deployed`} value={formatNumber(data?.linkFixesDeployed ?? 0)} />
          <Metric
            label={t`Total ecosystem value`}
            value={t`${dollars(data?.totalEcosystemValue ?? 0)}/month`}
          />
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href="/deployment-demo" target="_blank" rel="noreferrer">
              <Trans>View Deployment Dashboard</Trans>
            </a>
          </Button>
          <Button asChild variant="outline">
            <Link href="/pricing">
              <Trans>View Unified Pricing</Trans>
            </Link>
          </Button>
          <Button onClick={download}>
            <Download aria-hidden="true" />
            <Trans>Download Integration Package</Trans>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
}
