import { Button } from '@client/components/ui/button';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarCheck, Check } from 'lucide-react';
import { Link } from 'wouter';
import { signInUrl, trialLabel } from './landing-links';

/** The closing call to start the trial. */
export function LandingCtaSection() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 via-indigo-700 to-slate-900 px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">
          <Trans>Ready to run everything from one hub?</Trans>
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-white/75">
          <Trans>
            Talk to us for 30 minutes about your sites and goals, and leave with a plan for your first month.
          </Trans>
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="w-full bg-white text-indigo-700 hover:bg-white/90 sm:w-auto">
            <Link href="/scheduler">
              <CalendarCheck />
              <Trans>Book Strategy Call</Trans>
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="w-full border-white/30 bg-transparent text-white hover:bg-white/10 hover:text-white sm:w-auto"
          >
            <a href={signInUrl}>{t(trialLabel)}</a>
          </Button>
        </div>
        <ul className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-white/70">
          {[msg`No credit card required`, msg`Cancel anytime`].map((item) => (
            <li key={item.id} className="flex items-center gap-1.5">
              <Check className="h-4 w-4" />
              {t(item)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
