import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { formatNumber } from '@client/i18n/format';
import { useLingui } from '@lingui/react/macro';
import { AlertTriangle, Globe, Link2, Percent } from 'lucide-react';
import type { LinkFixReport } from './link-fixes-api';

/** Spec 001 "Link Fix Deployment Dashboard": Success Rate = round((total − critical) / total × 100). */
export function successRate(total: number, critical: number): number {
  return total === 0 ? 100 : Math.round(((total - critical) / total) * 100);
}

/** The four figures above the tabs: total links, critical fixes, success rate and domains. */
export function DeploymentStatCards({ report }: { report: LinkFixReport }) {
  const { t } = useLingui();
  const total = report.totalFixes;
  const critical = report.criticalFixes.length;
  const rate = successRate(total, critical);
  // No website crawled yet: nothing was measured, so no rate (100% would read as healthy).
  const isMeasured = report.domains.length > 0;
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
      value: isMeasured ? formatNumber(rate / 100, { style: 'percent' }) : t`Not measured yet`,
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
            ) : isMeasured ? (
              <Progress value={rate} className="mt-2" aria-label={t`Success Rate`} />
            ) : null}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
