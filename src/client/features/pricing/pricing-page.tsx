import { Button } from '@client/components/ui/button';
import { useAuth } from '@client/lib/use-auth';
import { trialDays } from '@domain/auth/trial';
import { packageLinkQuery } from '@domain/pricing/custom-package';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { PlanPackageBuilder } from './plan-package-builder';
import { PricingPageLayout } from './pricing-page-layout';

const promises = [msg`${trialDays}-day free trial`, msg`No credit card required`, msg`Cancel anytime`];

/** Public /pricing (spec 001 "Pricing tab and pricing page"): build a package, then start the trial. */
export function PricingPage() {
  const { isAuthenticated } = useAuth();
  const { t } = useLingui();
  return (
    <PricingPageLayout
      title={<Trans>Build your package</Trans>}
      intro={
        <Trans>
          Pick a base plan, switch on the add-on apps you need, and see your monthly total before you start.
        </Trans>
      }
      isCentered
      hasAllPricingLink={false}
      afterIntro={
        <ul className="mt-5 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
          {promises.map((promise) => (
            <li key={promise.id} className="flex items-center gap-1.5">
              <Check className="h-4 w-4 text-success" />
              {t(promise)}
            </li>
          ))}
        </ul>
      }
    >
      <div className="mt-12">
        <PlanPackageBuilder
          action={(selection) =>
            isAuthenticated ? (
              <Button asChild className="w-full">
                <Link href="/dashboard?tab=pricing">
                  <Trans>Continue in your dashboard</Trans>
                </Link>
              </Button>
            ) : (
              <Button asChild className="w-full" size="lg">
                <a href={`/api/login?${packageLinkQuery(selection)}`}>
                  <Trans>Start Free {trialDays}-Day Trial</Trans>
                </a>
              </Button>
            )
          }
        />
      </div>
    </PricingPageLayout>
  );
}
