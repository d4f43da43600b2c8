import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatMoney, formatNumber } from '@client/i18n/format';
import { bundleSavingsCents, bundles } from '@domain/pricing/bundles';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CalendarCheck, Check } from 'lucide-react';
import { Link } from 'wouter';

export function BundlesTab() {
  const { i18n } = useLingui();
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {bundles.map((bundle, index) => {
        const savings = bundleSavingsCents(bundle);
        const percentOff = Math.round((savings / bundle.originalPriceCents) * 100);
        const isFeatured = index === 1;
        const saved = formatMoney(savings);
        const original = formatMoney(bundle.originalPriceCents);
        const percent = formatNumber(percentOff / 100, { style: 'percent' });
        const appCount = bundle.apps.length;
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
              <h3 className="text-lg font-semibold">{i18n._(bundle.name)}</h3>
              <Badge variant="success" className="shrink-0 whitespace-nowrap">
                <Trans>Save {saved}</Trans>
              </Badge>
            </div>
            <p className="mt-2 text-sm text-muted-foreground">{i18n._(bundle.description)}</p>
            <p className="mt-5 flex items-baseline gap-2">
              <span className="text-4xl font-bold tracking-tight">
                {formatMoney(bundle.bundlePriceCents)}
              </span>
              <span className="text-sm text-muted-foreground">
                <Trans>/month</Trans>
              </span>
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              <Trans>
                <span className="line-through">{original}</span> if bought separately · {percent} off
              </Trans>
            </p>
            <h4 className="mt-6 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
              <Plural value={appCount} one="# application" other="# applications" />
            </h4>
            <ul className="mt-2 flex-1 space-y-2 text-sm">
              {bundle.apps.map((app) => (
                <li key={app} className="flex items-center gap-2">
                  <Check className="h-4 w-4 shrink-0 text-success" />
                  {i18n._(app)}
                </li>
              ))}
            </ul>
            <Button asChild className="mt-6 w-full" variant={isFeatured ? 'default' : 'outline'}>
              <Link href="/scheduler">
                <CalendarCheck />
                <Trans>Book a setup call</Trans>
              </Link>
            </Button>
          </article>
        );
      })}
    </div>
  );
}
