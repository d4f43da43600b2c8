import { formatMonthlyPrice } from '@client/components/pricing/monthly-price';
import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatMoney } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import {
  type Application,
  type ApplicationCategory,
  categoryFilterCounts,
  categoryLabels,
  defaultCategoryFilter,
  filterApplications,
} from '@domain/catalogue/applications';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ArrowRight,
  Award,
  Bot,
  Briefcase,
  Building2,
  Check,
  ChevronDown,
  Gauge,
  HeartHandshake,
  type LucideIcon,
  Music,
  Palette,
  PartyPopper,
  Sparkles,
  Target,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useApplications } from './catalogue-api';

export const categoryIcons: Record<ApplicationCategory, LucideIcon> = {
  'unified-command': Gauge,
  certification: Award,
  'professional-tools': Briefcase,
  'lead-generation': Target,
  'real-estate': Building2,
  'emotional-healing': HeartHandshake,
  'ai-assistant': Bot,
  'entertainment-social': PartyPopper,
  'entertainment-spiritual': Music,
  'brand-hub': Palette,
};

export function ApplicationsTab() {
  const applications = useApplications();
  const apps = applications.data;
  const [filter, setFilter] = useState(defaultCategoryFilter);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [detailsApp, setDetailsApp] = useState<Application | null>(null);
  const { t, i18n } = useLingui();

  if (!apps || applications.error) {
    return (
      <QueryState
        query={applications}
        loading={
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className="h-44 rounded-2xl" />
            ))}
          </div>
        }
        errorTitle={<Trans>The application catalogue could not be loaded.</Trans>}
        errorClassName="rounded-2xl border bg-card p-10 text-center"
      />
    );
  }

  const visible = filterApplications(apps, filter);
  return (
    <div>
      <div role="toolbar" aria-label={t`Filter by category`} className="flex flex-wrap gap-2">
        {categoryFilterCounts(apps).map((f) => {
          const isActive = f.id === filter;
          return (
            <button
              key={f.id}
              type="button"
              aria-pressed={isActive}
              data-filter={f.id}
              onClick={() => {
                setFilter(f.id);
                setExpandedId(null);
              }}
              className={cn(
                'inline-flex items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors',
                isActive
                  ? 'border-primary bg-primary text-primary-foreground shadow-sm'
                  : 'bg-card text-foreground hover:bg-accent',
              )}
            >
              {i18n._(f.label)}
              <span
                className={cn(
                  'rounded-full px-1.5 text-xs tabular-nums',
                  isActive ? 'bg-primary-foreground text-primary' : 'bg-muted text-muted-foreground',
                )}
              >
                {f.count}
              </span>
            </button>
          );
        })}
      </div>

      {visible.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed p-10 text-center text-sm text-muted-foreground">
          <Trans>No applications in this category yet.</Trans>
        </p>
      ) : (
        // The expanded card grows where it stands: spanning the row would move it to another grid position.
        <ul className="mt-6 grid items-start gap-4 md:grid-cols-2 xl:grid-cols-3">
          {visible.map((app) => (
            <ApplicationCard
              key={app.id}
              app={app}
              isExpanded={expandedId === app.id}
              onToggle={() => setExpandedId((current) => (current === app.id ? null : app.id))}
              onLearnMore={() => setDetailsApp(app)}
            />
          ))}
        </ul>
      )}

      <Dialog open={detailsApp !== null} onOpenChange={(open) => !open && setDetailsApp(null)}>
        {detailsApp && <ApplicationDetails app={detailsApp} />}
      </Dialog>
    </div>
  );
}

function ApplicationCard({
  app,
  isExpanded,
  onToggle,
  onLearnMore,
}: {
  app: Application;
  isExpanded: boolean;
  onToggle: () => void;
  onLearnMore: () => void;
}) {
  const Icon = categoryIcons[app.category];
  const panelId = `app-panel-${app.id}`;
  const { t, i18n } = useLingui();
  const monthly = formatMonthlyPrice(app.monthlyPrice);
  const lifetime = formatMoney(app.lifetimePrice);
  return (
    <li
      data-app={app.id}
      data-expanded={isExpanded}
      className={cn(
        'flex flex-col rounded-2xl border bg-card shadow-sm transition-shadow hover:shadow-md',
        isExpanded && 'border-primary/50 ring-1 ring-primary',
      )}
    >
      <button
        type="button"
        aria-expanded={isExpanded}
        aria-controls={panelId}
        onClick={onToggle}
        className="flex w-full flex-1 items-start gap-4 rounded-2xl p-5 text-start focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <Icon className="h-5 w-5" />
        </span>
        <span className="flex min-w-0 flex-1 flex-col self-stretch">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{i18n._(app.name)}</span>
            <Badge variant="secondary">{i18n._(categoryLabels[app.category])}</Badge>
          </span>
          <span className="mt-1.5 block text-sm text-muted-foreground">{i18n._(app.description)}</span>
          <span className="mt-auto block pt-3 text-sm font-semibold text-primary">{monthly}</span>
        </span>
        <ChevronDown
          className={cn(
            'mt-1 h-5 w-5 shrink-0 text-muted-foreground transition-transform',
            isExpanded && 'rotate-180',
          )}
        />
      </button>
      {isExpanded && (
        <div id={panelId} className="grid gap-5 border-t px-5 pb-5 pt-4">
          <DetailList title={t`Key features`} items={app.features} icon={Check} />
          <DetailList title={t`Benefits`} items={app.benefits} icon={Sparkles} />
          <div className="flex flex-col gap-2">
            <p className="text-xs text-muted-foreground">
              <Trans>
                {monthly} or {lifetime} lifetime
              </Trans>
            </p>
            <Button asChild>
              <Link href="/pricing">
                <Trans>Get Started</Trans>
                <ArrowRight className="rtl:rotate-180" />
              </Link>
            </Button>
            <Button variant="outline" onClick={onLearnMore}>
              <Trans>Learn More</Trans>
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

function DetailList({ title, items, icon: Icon }: { title: string; items: string[]; icon: LucideIcon }) {
  const { i18n } = useLingui();
  return (
    <div>
      <h4 className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{title}</h4>
      <ul className="mt-2 space-y-1.5 text-sm">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-2">
            <Icon className="mt-0.5 h-4 w-4 shrink-0 text-success" />
            {i18n._(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ApplicationDetails({ app }: { app: Application }) {
  const Icon = categoryIcons[app.category];
  const { t, i18n } = useLingui();
  return (
    <DialogContent className="max-w-xl">
      <DialogHeader>
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-accent text-accent-foreground">
            <Icon className="h-5 w-5" />
          </span>
          <div>
            <DialogTitle>{i18n._(app.name)}</DialogTitle>
            <p className="mt-1 text-xs text-muted-foreground">{i18n._(categoryLabels[app.category])}</p>
          </div>
        </div>
        <DialogDescription className="pt-2">{i18n._(app.description)}</DialogDescription>
      </DialogHeader>
      <div className="grid grid-cols-2 gap-3">
        <div className="rounded-xl border p-3">
          <p className="text-xs text-muted-foreground">
            <Trans>Monthly</Trans>
          </p>
          <p className="text-lg font-bold">{formatMonthlyPrice(app.monthlyPrice)}</p>
        </div>
        <div className="rounded-xl border p-3">
          <p className="text-xs text-muted-foreground">
            <Trans>Lifetime licence</Trans>
          </p>
          <p className="text-lg font-bold">{formatMoney(app.lifetimePrice)}</p>
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <DetailList title={t`Key features`} items={app.features} icon={Check} />
        <DetailList title={t`Benefits`} items={app.benefits} icon={Sparkles} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link href="/scheduler">
            <Trans>Book a demo call</Trans>
          </Link>
        </Button>
        <Button asChild>
          <Link href="/pricing">
            <Trans>Get Started</Trans>
          </Link>
        </Button>
      </div>
    </DialogContent>
  );
}
