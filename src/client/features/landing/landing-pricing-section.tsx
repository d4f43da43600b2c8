import { PlanCard } from '@client/components/pricing/plan-card';
import { Button } from '@client/components/ui/button';
import { useContactSalesHref } from '@client/lib/use-public-config';
import { trialDays } from '@domain/auth/trial';
import { packageLinkQuery } from '@domain/pricing/custom-package';
import { basePlans } from '@domain/pricing/plans';
import { Trans, useLingui } from '@lingui/react/macro';
import { signInUrl } from './landing-links';

/** The base plans, each a link that signs in with the plan chosen (or to sales). */
export function LandingPricingSection() {
  const contactSalesHref = useContactSalesHref();
  const { i18n } = useLingui();
  return (
    <section id="pricing" className="scroll-mt-20 bg-muted/60 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            <Trans>Pricing</Trans>
          </p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            <Trans>Simple plans that grow with you</Trans>
          </h2>
          <p className="mt-3 text-muted-foreground">
            <Trans>
              Every plan starts with a {trialDays}-day free trial. No credit card required, cancel anytime.
            </Trans>
          </p>
        </div>
        <div className="mt-14 grid gap-8 md:grid-cols-3">
          {basePlans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              footer={
                <Button asChild className="w-full" variant={plan.popular ? 'default' : 'outline'}>
                  {plan.id === 'enterprise' ? (
                    <a href={contactSalesHref}>{i18n._(plan.cta)}</a>
                  ) : (
                    <a href={`${signInUrl}?${packageLinkQuery({ planId: plan.id })}`}>{i18n._(plan.cta)}</a>
                  )}
                </Button>
              }
            />
          ))}
        </div>
      </div>
    </section>
  );
}
