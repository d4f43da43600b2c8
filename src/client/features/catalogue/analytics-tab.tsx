import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useAppFigures } from '@client/features/analytics';
import { errorMessage } from '@client/lib/api';
import { cn } from '@client/lib/utils';
import type { AppFigures } from '@domain/analytics/analytics-schemas';
import { categoryLabels } from '@domain/catalogue/applications';
import { formatDollars, formatMonthly } from '@domain/pricing/money';
import { AlertCircle, DollarSign, Repeat, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { categoryIcons } from './applications-tab';
import { useAnalyticsDashboard, useApplications } from './catalogue-api';

/** Spec 000 §9: the catalogue performance list shows the first 5 applications. */
const performanceListLength = 5;
const notMeasured = 'Not measured yet';

export function AnalyticsTab() {
  const dashboard = useAnalyticsDashboard();
  const apps = useApplications();
  const figures = useAppFigures();

  return (
    <div className="space-y-8">
      {dashboard.error ? (
        <LoadError message={errorMessage(dashboard.error)} onRetry={() => dashboard.refetch()} />
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          <KpiCard
            icon={Users}
            label="Total Contacts"
            value={dashboard.data?.totalUsers.toLocaleString('en-US')}
            hint="Every contact in your CRM, whatever its status"
          />
          <KpiCard
            icon={DollarSign}
            label="Monthly Revenue"
            value={dashboard.data && formatDollars(Math.round(dashboard.data.monthlyRevenue * 100))}
            hint="Payments received this calendar month"
          />
          <KpiCard
            icon={Repeat}
            label="Cross-Sell Rate"
            value={
              dashboard.data &&
              (dashboard.data.crossSellRate === null ? notMeasured : `${dashboard.data.crossSellRate}%`)
            }
            hint={
              dashboard.data?.crossSellRate === null
                ? 'Appears once customers have bought from you'
                : 'Customers who bought more than one product'
            }
          />
        </div>
      )}

      <section className="rounded-2xl border bg-card shadow-sm">
        <header className="flex flex-wrap items-center justify-between gap-2 border-b px-5 py-4">
          <div>
            <h3 className="font-semibold">Application performance</h3>
            <p className="text-sm text-muted-foreground">
              Figures of an application whose website (of the same name) sends analytics: visitors, its
              customers' payments and visitor growth over the last 30 days.
            </p>
          </div>
        </header>
        {apps.error ? (
          <div className="p-5">
            <LoadError message={errorMessage(apps.error)} onRetry={() => apps.refetch()} />
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
                    <p className="font-medium">{app.name}</p>
                    <p className="text-xs text-muted-foreground">
                      {categoryLabels[app.category]} · {formatMonthly(app.monthlyPrice)}
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

const growthFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

function AppFigureList({ figure }: { figure: AppFigures[number] | undefined }) {
  const cells: Array<[string, string]> = figure
    ? [
        ['Active users', figure.activeUsers.toLocaleString('en-US')],
        ['Revenue', formatDollars(figure.revenue)],
        ['Growth', figure.growth === null ? notMeasured : `${growthFormat.format(figure.growth)}%`],
      ]
    : [
        ['Active users', notMeasured],
        ['Revenue', notMeasured],
        ['Growth', notMeasured],
      ];
  return (
    <dl className="grid grid-cols-3 gap-4 text-right text-xs sm:gap-8">
      {cells.map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className={cn('mt-0.5 font-medium', value === notMeasured && 'text-muted-foreground/80')}>
            {value}
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
}: {
  icon: typeof Users;
  label: string;
  value: ReactNode | undefined;
  hint: string;
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
            value === notMeasured ? 'py-1 text-xl text-muted-foreground' : 'text-3xl',
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

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-destructive/30 bg-destructive/5 p-4 text-sm">
      <AlertCircle className="h-5 w-5 text-destructive" />
      <p className="flex-1">
        <span className="font-medium">Analytics could not be loaded.</span>{' '}
        <span className="text-muted-foreground">{message}</span>
      </p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
