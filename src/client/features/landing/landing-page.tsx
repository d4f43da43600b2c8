import { BrandMark } from '@client/components/brand-logo';
import { formatMonthlyPrice } from '@client/components/pricing/monthly-price';
import { PlanCard } from '@client/components/pricing/plan-card';
import { Button } from '@client/components/ui/button';
import { trackProductPageView } from '@client/features/analytics';
import { LocaleSwitcher } from '@client/i18n/locale-switcher';
import { useContactSalesHref } from '@client/lib/use-public-config';
import { trialDays } from '@domain/auth/trial';
import { addons } from '@domain/pricing/addons';
import { packageLinkQuery } from '@domain/pricing/custom-package';
import { basePlans } from '@domain/pricing/plans';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ArrowRight,
  BarChart3,
  CalendarCheck,
  Check,
  ExternalLink,
  GraduationCap,
  Home,
  Languages,
  Lock,
  Megaphone,
  Menu,
  Rocket,
  Shield,
  Target,
  TrendingUp,
  Users,
  UsersRound,
  Workflow,
  X,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { FlipCard, type FlipCardContent } from './flip-card';

const trialLabel = msg`Start Free ${trialDays}-Day Trial`;
/** Signing up starts the trial; the sign-in page offers sign-up for new visitors. */
const signInUrl = '/api/login';
/** Spec 000 §2.1 "See Live Demo" opens a demo site in a new tab: the public, read-only ecosystem demo. */
const liveDemoUrl = '/ecosystem-demo';

const trustBadges = [
  { icon: Lock, label: msg`Complete Data Isolation` },
  { icon: TrendingUp, label: msg`Progressive Pricing` },
  { icon: Target, label: msg`Cross-Selling Automation` },
  { icon: Shield, label: msg`Enterprise Security` },
];

const features: FlipCardContent[] = [
  {
    icon: Users,
    title: msg`Contact Management`,
    summary: msg`Every customer, lead and partner in one searchable place.`,
    details: [
      msg`Import from CSV, email and phone`,
      msg`Status, value and source per contact`,
      msg`Fast search and filters`,
    ],
    href: '/contacts',
    action: msg`Manage Contacts`,
  },
  {
    icon: Megaphone,
    title: msg`Marketing Automation`,
    summary: msg`Email campaigns, drip sequences and A/B tests that run themselves.`,
    details: [
      msg`Drip sequences by behaviour`,
      msg`A/B test subject lines`,
      msg`Open, click and conversion tracking`,
    ],
    // /marketing is a signed-in screen and this page is for visitors: they sign in (or sign up) first.
    href: '/login',
    action: msg`Launch Campaigns`,
  },
  {
    icon: CalendarCheck,
    title: msg`Appointment Scheduling`,
    summary: msg`Let customers book time with you without the back-and-forth.`,
    details: [
      msg`Embedded booking widget`,
      msg`Video calls and 1-on-1 meetings`,
      msg`Bookings land in your CRM`,
    ],
    href: '/scheduler',
    action: msg`Book Meetings`,
  },
  {
    icon: BarChart3,
    title: msg`Analytics Dashboard`,
    summary: msg`Revenue, subscribers and activity across all your sites at a glance.`,
    details: [msg`Live revenue from your payments`, msg`Per-site performance`, msg`Recent activity feed`],
    href: '/dashboard',
    action: msg`View Analytics`,
  },
  {
    icon: UsersRound,
    title: msg`Team Collaboration`,
    summary: msg`Invite your team and give each person the access they need.`,
    details: [
      msg`Owner, admin, member and viewer roles`,
      msg`Email invitations`,
      msg`Shared contacts and notes`,
    ],
    href: '/techstack',
    action: msg`Manage Team`,
  },
  {
    icon: Languages,
    title: msg`Page Translation`,
    summary: msg`Speak to customers in their language across 10+ languages.`,
    details: [
      msg`Translate pages and emails`,
      msg`Keep brand terms untouched`,
      msg`Language switcher for your sites`,
    ],
    href: '/techstack',
    action: msg`Enable Translation`,
  },
];

const addonIcons = {
  'training-hub': GraduationCap,
  'lead-engine': Target,
  'real-estate-toolkit': Home,
  'business-process-hub': Workflow,
} as const;

const claims = [
  { value: msg`10,000+`, label: msg`businesses` },
  { value: msg`${trialDays}-day`, label: msg`free trial` },
  // The figure and its caption read as one phrase ("No credit card required"): context keeps the words apart from buttons.
  { value: msg({ message: 'No', context: 'no credit card required' }), label: msg`credit card required` },
  { value: msg({ message: 'Cancel', context: 'cancel anytime' }), label: msg`anytime` },
];

const sectionLinks = [
  { href: '#features', label: msg`Features` },
  { href: '#add-ons', label: msg`Add-ons` },
  { href: '#pricing', label: msg`Pricing` },
];

export function LandingPage() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const contactSalesHref = useContactSalesHref();
  useEffect(() => trackProductPageView(), []);
  const { t, i18n } = useLingui();
  const year = new Date().getFullYear();

  return (
    <div className="min-h-screen bg-background text-foreground">
      <header className="sticky top-0 z-40 border-b border-white/10 bg-slate-950/85 text-white backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <a href="/" className="flex items-center gap-2 font-semibold">
            <BrandMark />
            <Trans>Business Hub</Trans>
          </a>
          <nav className="hidden items-center gap-6 text-sm text-white/70 md:flex" aria-label={t`Main`}>
            {sectionLinks.map((link) => (
              <a key={link.href} href={link.href} className="hover:text-white">
                {t(link.label)}
              </a>
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <LocaleSwitcher
              isCompact
              className="h-9 w-auto gap-1.5 border-white/20 bg-white/5 text-white hover:bg-white/10"
            />
            <Link href="/login" className="hidden px-3 text-sm text-white/80 hover:text-white md:inline">
              <Trans>Sign In</Trans>
            </Link>
            <Button asChild size="sm">
              <Link href="/pricing">
                <Trans>Get Started</Trans>
              </Link>
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="text-white hover:bg-white/10 hover:text-white md:hidden"
              aria-label={isMenuOpen ? t`Close menu` : t`Open menu`}
              aria-expanded={isMenuOpen}
              aria-controls="landing-menu"
              onClick={() => setIsMenuOpen((open) => !open)}
            >
              {isMenuOpen ? <X /> : <Menu />}
            </Button>
          </div>
        </div>
        {/* Small screens: the section links and Sign In, which do not fit the bar, live in this menu. */}
        {isMenuOpen && (
          <nav
            id="landing-menu"
            aria-label={t`Menu`}
            className="border-t border-white/10 px-4 pb-4 pt-2 text-sm md:hidden"
          >
            {[...sectionLinks, { href: '/login', label: msg`Sign In` }].map((link) => (
              <a
                key={link.href}
                href={link.href}
                onClick={() => setIsMenuOpen(false)}
                className="block rounded-md px-3 py-2.5 text-white/85 hover:bg-white/10 hover:text-white"
              >
                {t(link.label)}
              </a>
            ))}
          </nav>
        )}
      </header>

      <main>
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
                Contacts, campaigns, scheduling and analytics in one secure workspace, with add-on apps that
                grow with your business.
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

        <section id="features" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-20 sm:px-6">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">
              <Trans>Features</Trans>
            </p>
            <h2 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
              <Trans>Everything your business runs on</Trans>
            </h2>
            <p className="mt-3 text-muted-foreground">
              <Trans>Hover, tap or tab to a card to see what it does, then jump straight in.</Trans>
            </p>
          </div>
          <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.map((feature) => (
              <FlipCard key={feature.action.id} content={feature} />
            ))}
          </div>
        </section>

        <section aria-label={t`Why businesses choose us`} className="border-y bg-card">
          <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 text-center sm:px-6 md:grid-cols-4">
            {claims.map((claim) => (
              <div key={claim.label.id}>
                <dt className="sr-only">{t(claim.label)}</dt>
                <dd>
                  <span className="block text-3xl font-bold text-primary">{t(claim.value)}</span>
                  <span className="text-sm text-muted-foreground">{t(claim.label)}</span>
                </dd>
              </div>
            ))}
          </dl>
        </section>

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
                  Plug specialised modules into any plan. They share your contacts, so nothing is entered
                  twice.
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
                  Every plan starts with a {trialDays}-day free trial. No credit card required, cancel
                  anytime.
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
                        <a href={`${signInUrl}?${packageLinkQuery({ planId: plan.id })}`}>
                          {i18n._(plan.cta)}
                        </a>
                      )}
                    </Button>
                  }
                />
              ))}
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 via-indigo-700 to-slate-900 px-6 py-14 text-center text-white shadow-xl sm:px-12">
            <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">
              <Trans>Ready to run everything from one hub?</Trans>
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-white/75">
              <Trans>
                Talk to us for 30 minutes about your sites and goals, and leave with a plan for your first
                month.
              </Trans>
            </p>
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Button
                asChild
                size="lg"
                className="w-full bg-white text-indigo-700 hover:bg-white/90 sm:w-auto"
              >
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
      </main>

      <footer className="border-t bg-card">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <p>
            <Trans>© {year} Business Hub</Trans>
          </p>
          <nav className="flex gap-5">
            <a href="/pricing" className="hover:text-foreground">
              <Trans>Pricing</Trans>
            </a>
            <a href="/scheduler" className="hover:text-foreground">
              <Trans>Book a call</Trans>
            </a>
            <a href="/login" className="hover:text-foreground">
              <Trans>Sign In</Trans>
            </a>
          </nav>
        </div>
      </footer>
    </div>
  );
}
