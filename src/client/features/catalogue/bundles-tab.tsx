import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { bundleSavingsCents, bundles } from '@domain/pricing/bundles';
import { formatDollars } from '@domain/pricing/money';
import { CalendarCheck, Check } from 'lucide-react';
import { Link } from 'wouter';

export function BundlesTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {bundles.map((bundle, index) => {
        const savings = bundleSavingsCents(bundle);
        const percentOff = Math.round((savings / bundle.originalPriceCents) * 100);
        const isFeatured = index === 1;
        return (
          <article
            key={bundle.id}
            data-bundle={bundle.id}
            className={
              isFeatured
                ? 'relative flex flex-col rounded-2xl border border-primary/60 bg-card p-6 shadow-lg shadow-primary/10'
                : 'relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm'
            }
          >
            <div className="flex items-start justify-between gap-3">
              <h3 className="text-lg font-semibold">{bundle.name}</h3>
              <Badge variant="success" className="shrink-0 whitespace-nowrap">
                Save {formatDollars(savings)}
              </Badge>
            </div>
            <p className="mt-2 text-sm text-muted-foreground">{bundle.description}</p>
            <p className="mt-5 flex items-baseline gap-2">
              <span className="text-4xl font-bold tracking-tight">
                {formatDollars(bundle.bundlePriceCents)}
              </span>
              <span className="text-sm text-muted-foreground">/month</span>
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              <span className="line-through">{formatDollars(bundle.originalPriceCents)}</span> if bought
              separately · {percentOff}% off
            </p>
            <h4 className="mt-6 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
              {bundle.apps.length} applications
            </h4>
            <ul className="mt-2 flex-1 space-y-2 text-sm">
              {bundle.apps.map((app) => (
                <li key={app} className="flex items-center gap-2">
                  <Check className="h-4 w-4 shrink-0 text-success" />
                  {app}
                </li>
              ))}
            </ul>
            <Button asChild className="mt-6 w-full" variant={isFeatured ? 'default' : 'outline'}>
              <Link href="/scheduler">
                <CalendarCheck />
                Book a setup call
              </Link>
            </Button>
          </article>
        );
      })}
    </div>
  );
}
