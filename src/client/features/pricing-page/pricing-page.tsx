import { PlanPackageBuilder } from '@client/components/pricing/plan-package-builder';
import { BackToHomeLink, SiteHeader } from '@client/components/site-header';
import { Button } from '@client/components/ui/button';
import { useAuth } from '@client/lib/use-auth';
import { trialDays } from '@domain/auth/trial';
import { packageLinkQuery } from '@domain/pricing/custom-package';
import { Check } from 'lucide-react';
import { Link } from 'wouter';

const promises = [`${trialDays}-day free trial`, 'No credit card required', 'Cancel anytime'];

/** Public /pricing (spec 001 "Pricing tab and pricing page"): build a package, then start the trial. */
export function PricingPage() {
  const { isAuthenticated } = useAuth();
  return (
    <div className="min-h-screen bg-background">
      <SiteHeader>
        <BackToHomeLink />
      </SiteHeader>

      <main className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Build your package</h1>
          <p className="mt-3 text-muted-foreground">
            Pick a base plan, switch on the add-on apps you need, and see your monthly total before you start.
          </p>
          <ul className="mt-5 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {promises.map((promise) => (
              <li key={promise} className="flex items-center gap-1.5">
                <Check className="h-4 w-4 text-success" />
                {promise}
              </li>
            ))}
          </ul>
        </div>

        <div className="mt-12">
          <PlanPackageBuilder
            action={(selection) =>
              isAuthenticated ? (
                <Button asChild className="w-full">
                  <Link href="/dashboard?tab=pricing">Continue in your dashboard</Link>
                </Button>
              ) : (
                <Button asChild className="w-full" size="lg">
                  <a href={`/api/login?${packageLinkQuery(selection)}`}>Start Free {trialDays}-Day Trial</a>
                </Button>
              )
            }
          />
        </div>
      </main>
    </div>
  );
}
