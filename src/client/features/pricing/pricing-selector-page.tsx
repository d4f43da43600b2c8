import { BackToHomeLink, SiteHeader } from '@client/components/site-header';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, Building2, Calendar, Check, Home, Store } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';

const businessKinds = [
  {
    id: 'reoss',
    title: msg`Real Estate Professional`,
    // The product's name: the same in every language.
    subtitle: null,
    range: msg`$99-$999+/month`,
    href: '/pricing/reoss',
    icon: Home,
    points: [
      msg`MLS integration and listing funnels`,
      msg`Referral tracking and follow-up`,
      msg`Plans from solo agent to brokerage`,
    ],
  },
  {
    id: 'local',
    title: msg`Local Business or Vendor`,
    subtitle: msg`Directory and referrals`,
    range: msg`$29-$499/month`,
    href: '/pricing/local-business',
    icon: Store,
    points: [
      msg`Directory, AI-recommended or referral-tracked`,
      msg`Priced by your ZIP codes`,
      msg`Shoutouts and CRM matching add-ons`,
    ],
  },
] as const;

/** /pricing-selector (spec 001 "Business Type selector"). */
export function PricingSelectorPage() {
  const [chosen, setChosen] = useState<(typeof businessKinds)[number] | null>(null);
  const [, navigate] = useLocation();
  const { t } = useLingui();
  const chosenTitle = chosen ? t(chosen.title) : '';
  return (
    <div className="min-h-screen bg-background">
      <SiteHeader>
        <BackToHomeLink />
      </SiteHeader>
      <main className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
            <Trans>Choose your business type</Trans>
          </h1>
          <p className="mt-3 text-muted-foreground">
            <Trans>Pricing is tailored to how you work. Pick the one that fits you best.</Trans>
          </p>
        </div>
        <div className="mt-10 grid gap-6 md:grid-cols-2" role="radiogroup" aria-label={t`Business type`}>
          {businessKinds.map((kind) => {
            const isChosen = chosen?.id === kind.id;
            const Icon = kind.icon;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a card-sized radio; the native input would not carry the layout
              <button
                key={kind.id}
                type="button"
                role="radio"
                aria-checked={isChosen}
                onClick={() => setChosen(kind)}
                className={cn(
                  'flex flex-col rounded-2xl border bg-card p-6 text-start shadow-sm transition hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isChosen && 'border-primary ring-2 ring-primary',
                )}
              >
                <div className="flex items-start justify-between gap-3">
                  <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                    <Icon className="h-5 w-5" />
                  </span>
                  {isChosen && (
                    <span className="flex h-6 w-6 items-center justify-center rounded-full bg-primary text-primary-foreground">
                      <Check className="h-4 w-4" />
                    </span>
                  )}
                </div>
                <h2 className="mt-4 text-lg font-semibold">{t(kind.title)}</h2>
                <p className="text-sm text-muted-foreground">
                  {kind.subtitle ? t(kind.subtitle) : <Trans>REOSS</Trans>}
                </p>
                <p className="mt-3 text-2xl font-bold">{t(kind.range)}</p>
                <ul className="mt-4 space-y-1.5 text-sm text-muted-foreground">
                  {kind.points.map((p) => (
                    <li key={p.id} className="flex items-center gap-2">
                      <Check className="h-4 w-4 shrink-0 text-success" />
                      {t(p)}
                    </li>
                  ))}
                </ul>
              </button>
            );
          })}
        </div>
        <div className="mt-10 flex flex-col items-center gap-4">
          <Button
            size="lg"
            className="w-full sm:w-auto"
            disabled={!chosen}
            onClick={() => chosen && navigate(chosen.href)}
          >
            {chosen ? t`Get Pricing for ${chosenTitle}` : t`Select a business type to continue`}
            {chosen && <ArrowRight className="h-4 w-4 rtl:rotate-180" />}
          </Button>
          <div className="flex flex-col items-center gap-3 text-sm sm:flex-row sm:gap-6">
            <Link href="/pricing/cards" className="flex items-center gap-1.5 text-primary hover:underline">
              <Building2 className="h-4 w-4" />
              <Trans>View our complete pricing guide</Trans>
            </Link>
            <Button asChild variant="ghost" size="sm">
              <Link href="/scheduler">
                <Calendar className="h-4 w-4" />
                <Trans>Schedule a Consultation</Trans>
              </Link>
            </Button>
          </div>
        </div>
      </main>
    </div>
  );
}
