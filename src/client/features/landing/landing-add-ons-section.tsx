import { formatMonthlyPrice } from '@client/components/pricing/monthly-price';
import { Button } from '@client/components/ui/button';
import { addons } from '@domain/pricing/addons';
import { packageLinkQuery } from '@domain/pricing/custom-package';
import { Trans, useLingui } from '@lingui/react/macro';
import { GraduationCap, Home, Target, Workflow } from 'lucide-react';
import { signInUrl } from './landing-links';

const addonIcons = {
  'training-hub': GraduationCap,
  'lead-engine': Target,
  'real-estate-toolkit': Home,
  'business-process-hub': Workflow,
} as const;

/** The add-ons, each a link that signs in with the add-on chosen. */
export function LandingAddOnsSection() {
  const { i18n } = useLingui();
  return (
    <section id="add-ons" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-20 sm:px-6">
      <div className="flex flex-col items-start justify-between gap-4 md:flex-row md:items-end">
        <div className="max-w-xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            <Trans>Add-on modules</Trans>
          </p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight">
            <Trans>Add power when you need it</Trans>
          </h2>
          <p className="mt-3 text-muted-foreground">
            <Trans>
              Plug specialised modules into any plan. They share your contacts, so nothing is entered twice.
            </Trans>
          </p>
        </div>
      </div>
      <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {addons.map((addon) => {
          const Icon = addonIcons[addon.id];
          return (
            <div key={addon.id} className="flex flex-col rounded-2xl border bg-card p-5 shadow-sm">
              <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="h-5 w-5" />
              </span>
              <h3 className="mt-4 font-semibold">{i18n._(addon.name)}</h3>
              <p className="mt-1 flex-1 text-sm text-muted-foreground">{i18n._(addon.description)}</p>
              <p className="mt-4 text-lg font-bold">{formatMonthlyPrice(addon.priceCents)}</p>
              <Button asChild variant="outline" size="sm" className="mt-3">
                <a href={`${signInUrl}?${packageLinkQuery({ addonIds: [addon.id] })}`}>
                  <Trans>Add to Plan</Trans>
                </a>
              </Button>
            </div>
          );
        })}
      </div>
    </section>
  );
}
