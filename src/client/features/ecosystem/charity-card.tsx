import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Trans } from '@lingui/react/macro';
import { Heart } from 'lucide-react';
import { dollars } from './dollars';
import { usePricingTable } from './ecosystem-api';

/** Charitable Impact: the workspace's gross revenue, net profit and donation. */
export function CharityCard({ demo }: { demo: boolean }) {
  const { data } = usePricingTable(demo);
  const g = data?.charitableGiving;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Heart className="size-5" aria-hidden="true" />
          <Trans>Charitable Impact</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            From the revenue recorded in this workspace: net profit is 67% of gross, 20% of it is donated.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-3 gap-4 text-sm">
          <div>
            <dt className="text-muted-foreground">
              <Trans>Gross revenue</Trans>
            </dt>
            <dd className="text-xl font-bold">{g ? dollars(g.grossRevenue) : '—'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">
              <Trans>Net profit</Trans>
            </dt>
            <dd className="text-xl font-bold">{g ? dollars(g.netProfit) : '—'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">
              <Trans>Donation</Trans>
            </dt>
            <dd className="text-xl font-bold">{g ? dollars(g.charitableDonation) : '—'}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
