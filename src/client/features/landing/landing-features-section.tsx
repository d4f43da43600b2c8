import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { BarChart3, CalendarCheck, Languages, Megaphone, Users, UsersRound } from 'lucide-react';
import { FlipCard, type FlipCardContent } from './flip-card';

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

/** The feature flip cards. */
export function LandingFeaturesSection() {
  return (
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
  );
}
