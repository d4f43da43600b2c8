import { formatMonthlyPrice } from '@client/components/pricing/monthly-price';
import { QueryError } from '@client/components/query-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { useAppFigures } from '@client/features/analytics';
import { formatMoney, formatNumber } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import type { AppFigures } from '@domain/analytics/analytics-schemas';
import { categoryLabels } from '@domain/catalogue/applications';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DollarSign, Repeat, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { categoryIcons } from './applications-tab';
import { useAnalyticsDashboard, useApplications } from './catalogue-api';

/** Spec 000 §9: the catalogue performance list shows the first 5 applications. */
const performanceListLength = 5;
const notMeasuredMessage = msg`Not measured yet`;

export function AnalyticsTab() {
  const dashboard = useAnalyticsDashboard();
  const apps = useApplications();
  const figures = useAppFigures();
  const { t, i18n } = useLingui();
  const notMeasured = t(notMeasuredMessage);

  return (
    <div className="space-y-8">
      {dashboard.error ? (
        <AnalyticsLoadError error={dashboard.error} onRetry={() => dashboard.refetch()} />
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          <KpiCard
            icon={Users}
            label={t`Total Contacts`}
            value={dashboard.data && formatNumber(dashboard.data.totalUsers)}
            hint={t`Every contact in your CRM, whatever its status`}
          />
          <KpiCard
            icon={DollarSign}
            label={t`Monthly Revenue`}
            value={dashboard.data && formatMoney(Math.round(dashboard.data.monthlyRevenue * 100))}
            hint={t`Payments received this calendar month`}
          />
          <KpiCard
            icon={Repeat}
            label={t`Cross-Sell Rate`}
            value={
              dashboard.data &&
              (dashboard.data.crossSellRate === null
                ? notMeasured
                : formatNumber(dashboard.data.crossSellRate / 100, {
                    style: 'percent',
                    maximumFractionDigits: 1,
                  }))
            }
            isNotMeasured={dashboard.data?.crossSellRate === null}
            hint={
              dashboard.data?.crossSellRate === null
                ? t`Appears once customers have bought from you`
                : t`Customers who bought more than one product`
            }
          />
        </div>
      )}

      <section className="rounded-2xl border bg-card shadow-sm">
        <header className="flex flex-wrap items-center justify-between gap-2 border-b px-5 py-4">
          <div>
            <h3 className="font-semibold">
              <Trans>Application performance</Trans>
            </h3>
            <p className="text-sm text-muted-foreground">
              <Trans>
                Figures of an application whose website (of the same name) sends analytics: visitors, its
                customers' payments and visitor growth over the last 30 days.
              </Trans>
            </p>
          </div>
        </header>
        {apps.error ? (
          <div className="p-5">
            <AnalyticsLoadError error={apps.error} onRetry={() => apps.refetch()} />
          </div>
        ) : (
          <ul className="divide-y">
            {(apps.data ?? []).slice(0, performanceListLength).map((app) => {
              const Icon = categoryIcons[app.category];
              return (
                <li key={app.id} data-app={app.id} className="flex flex-wrap items-center gap-4 px-5 py-4">
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                    <Icon className="h-5 w-5" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{i18n._(app.name)}</p>
                    <p className="text-xs text-muted-foreground">
                      {i18n._(categoryLabels[app.category])} · {formatMonthlyPrice(app.monthlyPrice)}
                    </p>
                  </div>
                  <AppFigureList figure={figures.data?.find((f) => f.appId === app.id)} />
                </li>
              );
            })}
            {apps.isLoading &&
              [0, 1, 2].map((i) => (
                <li key={i} className="px-5 py-4">
                  <Skeleton className="h-10" />
                </li>
              ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function AppFigureList({ figure }: { figure: AppFigures[number] | undefined }) {
  const { t } = useLingui();
  const notMeasured = t(notMeasuredMessage);
  const growth = (value: number) =>
    formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const cells: Array<[string, string | null]> = [
    [t`Active users`, figure ? formatNumber(figure.activeUsers) : null],
    [t`Revenue`, figure ? formatMoney(figure.revenue) : null],
    [t`Growth`, figure && figure.growth !== null ? growth(figure.growth) : null],
  ];
  return (
    <dl className="grid grid-cols-3 gap-4 text-end text-xs sm:gap-8">
      {cells.map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className={cn('mt-0.5 font-medium', value === null && 'text-muted-foreground/80')}>
            {value ?? notMeasured}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function KpiCard({
  icon: Icon,
  label,
  value,
  hint,
  isNotMeasured = false,
}: {
  icon: typeof Users;
  label: string;
  value: ReactNode | undefined;
  hint: string;
  isNotMeasured?: boolean;
}) {
  return (
    <div className="rounded-2xl border bg-card p-5 shadow-sm">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon className="h-4 w-4" />
        </span>
      </div>
      {value === undefined ? (
        <Skeleton className="mt-3 h-8 w-24" />
      ) : (
        <p
          className={cn(
            'mt-2 font-bold tracking-tight',
            isNotMeasured ? 'py-1 text-xl text-muted-foreground' : 'text-3xl',
          )}
          data-kpi={label}
        >
          {value}
        </p>
      )}
      <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}

function AnalyticsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <QueryError
      error={error}
      title={<Trans>Analytics could not be loaded.</Trans>}
      onRetry={onRetry}
      className="rounded-2xl border border-destructive/30 bg-destructive/5 p-4"
    />
  );
}
