import { Button } from '@client/components/ui/button';
import { trialDays } from '@domain/auth/trial';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, ExternalLink, Lock, Rocket, Shield, Target, TrendingUp } from 'lucide-react';
import { Link } from 'wouter';
import { liveDemoUrl, trialLabel } from './landing-links';

const trustBadges = [
  { icon: Lock, label: msg`Complete Data Isolation` },
  { icon: TrendingUp, label: msg`Progressive Pricing` },
  { icon: Target, label: msg`Cross-Selling Automation` },
  { icon: Shield, label: msg`Enterprise Security` },
];

/** Spec 000 §2.1 hero: the pitch, the trial and demo buttons and the trust badges. */
export function LandingHero() {
  const { t } = useLingui();
  return (
    <section className="relative overflow-hidden bg-slate-950 text-white">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.45),transparent_60%),radial-gradient(ellipse_at_bottom_right,rgba(56,189,248,0.18),transparent_55%)]"
      />
      <div className="relative mx-auto max-w-6xl px-4 pb-20 pt-16 text-center sm:px-6 sm:pt-24">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-xs text-white/80">
          <Rocket className="h-3.5 w-3.5 text-indigo-300" />
          <Trans>Trusted by 10,000+ businesses</Trans>
        </p>
        <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-bold tracking-tight sm:text-6xl">
          <Trans>One CRM for every site, app and customer</Trans>
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-base text-white/70 sm:text-lg">
          <Trans>
            Contacts, campaigns, scheduling and analytics in one secure workspace, with add-on apps that grow
            with your business.
          </Trans>
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="w-full sm:w-auto">
            <Link href="/pricing">
              {t(trialLabel)}
              <ArrowRight className="rtl:rotate-180" />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="w-full border-white/25 bg-white/5 text-white hover:bg-white/15 hover:text-white sm:w-auto"
          >
            <a href={liveDemoUrl} target="_blank" rel="noopener noreferrer">
              <Trans>See Live Demo</Trans>
              <ExternalLink />
            </a>
          </Button>
        </div>
        <p className="mt-4 text-sm text-white/60">
          <Trans>{trialDays}-day free trial · No credit card required · Cancel anytime</Trans>
        </p>
        <ul className="mx-auto mt-12 grid max-w-4xl grid-cols-2 gap-3 sm:grid-cols-4">
          {trustBadges.map(({ icon: Icon, label }) => (
            <li
              key={label.id}
              className="flex items-center justify-center gap-2 rounded-xl border border-white/10 bg-white/5 px-3 py-3 text-sm text-white/85"
            >
              <Icon className="h-4 w-4 shrink-0 text-indigo-300" />
              {t(label)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
