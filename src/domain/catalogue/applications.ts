import type { Application } from './catalogue-schemas.js';

/**
 * The application catalogue (spec 000 §2.2, §3): the platform's own add-on apps and modules, the same for
 * every workspace. Prices are integer cents per month. These are standalone applications; the smaller CRM add-on modules
 * live in ../pricing/addons.ts. A bundle's original price is the sum of its apps' prices here (tested).
 */
export const applicationCategories = [
  'unified-command',
  'certification',
  'professional-tools',
  'lead-generation',
  'real-estate',
  'emotional-healing',
  'ai-assistant',
  'entertainment-social',
  'entertainment-spiritual',
  'brand-hub',
] as const;
export type ApplicationCategory = (typeof applicationCategories)[number];

export type { Application } from './catalogue-schemas.js';

/** A lifetime licence costs two years of subscription: it pays back for customers who stay longer. */
export const lifetimeLicenceMonths = 24;

function app(definition: Omit<Application, 'lifetimePrice'>): Application {
  return { ...definition, lifetimePrice: definition.monthlyPrice * lifetimeLicenceMonths };
}

export const applications: readonly Application[] = [
  app({
    id: 'unified-command-center',
    name: /*i18n*/ 'Unified Command Center',
    description:
      /*i18n*/ 'One command centre for every site and app you run: shared contacts, workflows, approvals and a live activity feed.',
    category: 'unified-command',
    monthlyPrice: 49700,
    features: [
      /*i18n*/ 'Unified dashboard across all your websites',
      /*i18n*/ 'Workflow builder with approval steps',
      /*i18n*/ 'Shared contact and company records',
      /*i18n*/ 'Uptime, webhook and backup monitoring',
    ],
    benefits: [
      /*i18n*/ 'Stop switching between tools for each site',
      /*i18n*/ 'See what every team did today in one feed',
      /*i18n*/ 'Hand work over without losing context',
    ],
  }),
  app({
    id: 'certification-hub',
    name: /*i18n*/ 'Certification Hub',
    description:
      /*i18n*/ 'Build courses, run exams and issue verifiable certificates to your students, staff or partners.',
    category: 'certification',
    monthlyPrice: 19900,
    features: [
      /*i18n*/ 'Course builder with video, text and quizzes',
      /*i18n*/ 'Timed exams with automatic grading',
      /*i18n*/ 'Verifiable certificates with unique links',
      /*i18n*/ 'Learner progress reports',
    ],
    benefits: [
      /*i18n*/ 'Turn your expertise into a recurring revenue line',
      /*i18n*/ 'Prove compliance with exportable training records',
      /*i18n*/ 'Graduates become contacts ready for your next offer',
    ],
  }),
  app({
    id: 'housing-advocate-certification',
    name: /*i18n*/ 'Housing Advocate Certification',
    description:
      /*i18n*/ 'A ready-made certification track for housing counsellors and advocates, with continuing-education credits.',
    category: 'certification',
    monthlyPrice: 7900,
    features: [
      /*i18n*/ 'Six-module housing advocacy curriculum',
      /*i18n*/ 'Continuing-education credit tracking',
      /*i18n*/ 'Public directory of certified advocates',
      /*i18n*/ 'Renewal reminders before certificates lapse',
    ],
    benefits: [
      /*i18n*/ 'Launch a credential program without writing a course',
      /*i18n*/ 'Certified advocates refer clients back to you',
      /*i18n*/ 'Renewals create predictable yearly income',
    ],
  }),
  app({
    id: 'professional-tools',
    name: /*i18n*/ 'Professional Tools',
    description:
      /*i18n*/ 'Proposals, contracts, invoices and client portals for consultants, coaches and agencies.',
    category: 'professional-tools',
    monthlyPrice: 39800,
    features: [
      /*i18n*/ 'Proposal and contract templates with e-signature',
      /*i18n*/ 'Invoices linked to contacts and deals',
      /*i18n*/ 'Client portal with shared files',
      /*i18n*/ 'Custom reports you can schedule by email',
    ],
    benefits: [
      /*i18n*/ 'Go from call to signed proposal the same day',
      /*i18n*/ 'Get paid faster with invoices clients can act on',
      /*i18n*/ 'Give clients one place for everything you share',
    ],
  }),
  app({
    id: 'lead-generation-engine',
    name: /*i18n*/ 'Lead Generation Engine',
    description:
      /*i18n*/ 'Finds, scores and routes new leads from your sites and forms so your team calls the right people first.',
    category: 'lead-generation',
    monthlyPrice: 19900,
    features: [
      /*i18n*/ 'Lead capture forms for every site',
      /*i18n*/ 'Automatic lead scoring and qualification',
      /*i18n*/ 'Drip sequences triggered by lead behaviour',
      /*i18n*/ 'Source tracking for every new contact',
    ],
    benefits: [
      /*i18n*/ 'Spend sales time on leads that are ready to buy',
      /*i18n*/ 'Know which site and campaign brings revenue',
      /*i18n*/ 'Never let a new enquiry go cold',
    ],
  }),
  app({
    id: 'local-business-directory',
    name: /*i18n*/ 'Local Business Directory',
    description:
      /*i18n*/ 'List local businesses by ZIP code, send them referrals and track which placements turn into customers.',
    category: 'lead-generation',
    monthlyPrice: 5900,
    features: [
      /*i18n*/ 'Directory listings by business type and ZIP code',
      /*i18n*/ 'Referral tracking with attribution',
      /*i18n*/ 'AI-recommended placement for top vendors',
      /*i18n*/ 'Co-branded vendor pages',
    ],
    benefits: [
      /*i18n*/ 'Earn listing fees from businesses in your area',
      /*i18n*/ 'Give your audience trusted local recommendations',
      /*i18n*/ 'Measure every referral you send',
    ],
  }),
  app({
    id: 'real-estate-suite',
    name: /*i18n*/ 'Real Estate Suite',
    description:
      /*i18n*/ 'Listings, buyer and seller pipelines and geofenced alerts built for agents, teams and brokerages.',
    category: 'real-estate',
    monthlyPrice: 34800,
    features: [
      /*i18n*/ 'Buyer, seller and investor pipelines',
      /*i18n*/ 'Listing funnels and open-house sign-in',
      /*i18n*/ 'Geofenced alerts when you are near a contact',
      /*i18n*/ 'Automated follow-up after showings',
    ],
    benefits: [
      /*i18n*/ 'Follow up with every buyer while they are still looking',
      /*i18n*/ 'Turn open-house visitors into tracked leads',
      /*i18n*/ 'Run the whole deal from one contact record',
    ],
  }),
  app({
    id: 'ai-property-match',
    name: /*i18n*/ 'AI Property Match',
    description:
      /*i18n*/ 'Matches buyers to properties from their stated needs and tells the agent why each match fits.',
    category: 'real-estate',
    monthlyPrice: 14900,
    features: [
      /*i18n*/ 'Buyer preference profiles',
      /*i18n*/ 'Ranked property matches with explanations',
      /*i18n*/ 'New-match email alerts for buyers',
      /*i18n*/ 'Agent hand-off when a buyer is ready',
    ],
    benefits: [
      /*i18n*/ 'Show buyers fewer, better homes',
      /*i18n*/ 'Keep buyers engaged between showings',
      /*i18n*/ 'Close faster with better-qualified buyers',
    ],
  }),
  app({
    id: 'healing-journey',
    name: /*i18n*/ 'Healing Journey',
    description:
      /*i18n*/ 'A trauma-informed companion for coaches and practitioners: check-ins, journaling prompts and progress notes.',
    category: 'emotional-healing',
    monthlyPrice: 9700,
    features: [
      /*i18n*/ 'Guided daily check-ins for clients',
      /*i18n*/ 'Private journaling with practitioner prompts',
      /*i18n*/ 'Session notes linked to the client record',
      /*i18n*/ 'Progress timeline you can share with the client',
    ],
    benefits: [
      /*i18n*/ 'Support clients between sessions',
      /*i18n*/ 'See patterns before they become setbacks',
      /*i18n*/ 'Keep sensitive notes separate and private',
    ],
  }),
  app({
    id: 'ai-assistant',
    name: /*i18n*/ 'AI Assistant',
    description:
      /*i18n*/ 'Suggests the next step while you work: finds contacts, drafts emails and tidies notes from what is on screen.',
    category: 'ai-assistant',
    monthlyPrice: 19700,
    features: [
      /*i18n*/ 'Contact search suggestions as you type',
      /*i18n*/ 'Email drafts and improvements',
      /*i18n*/ 'Meeting-note clean-up and action items',
      /*i18n*/ 'Quick actions for the page you are on',
    ],
    benefits: [
      /*i18n*/ 'Finish routine writing in seconds',
      /*i18n*/ 'Never forget the follow-up after a call',
      /*i18n*/ 'Works inside the CRM you already use',
    ],
  }),
  app({
    id: 'ai-content-studio',
    name: /*i18n*/ 'AI Content Studio',
    description:
      /*i18n*/ 'Generates blog posts, social updates, emails and landing pages with titles, outlines and SEO metadata.',
    category: 'ai-assistant',
    monthlyPrice: 7900,
    features: [
      /*i18n*/ 'Blog, social, email, landing and product copy',
      /*i18n*/ 'SEO meta descriptions and keywords',
      /*i18n*/ 'Content calendar per website',
      /*i18n*/ 'Optional auto-publish on generation',
    ],
    benefits: [
      /*i18n*/ 'Publish consistently on every site',
      /*i18n*/ 'Rank for the searches your customers make',
      /*i18n*/ 'Spend minutes, not hours, on each piece',
    ],
  }),
  app({
    id: 'community-events',
    name: /*i18n*/ 'Community Events',
    description:
      /*i18n*/ 'Run meetups, live streams and member events with ticketing, reminders and attendee follow-up.',
    category: 'entertainment-social',
    monthlyPrice: 6700,
    features: [
      /*i18n*/ 'Event pages with free and paid tickets',
      /*i18n*/ 'Live-stream links and replays',
      /*i18n*/ 'Reminder emails before each event',
      /*i18n*/ 'Attendees added to your contacts',
    ],
    benefits: [
      /*i18n*/ 'Grow a community around your brand',
      /*i18n*/ 'Turn attendees into customers after the event',
      /*i18n*/ 'Fill seats without a separate ticketing tool',
    ],
  }),
  app({
    id: 'mindful-media',
    name: /*i18n*/ 'Mindful Media',
    description:
      /*i18n*/ 'Host guided meditations, inspirational talks and music for your members in one calm library.',
    category: 'entertainment-spiritual',
    monthlyPrice: 4700,
    features: [
      /*i18n*/ 'Audio and video library for members',
      /*i18n*/ 'Playlists for mornings, sleep and focus',
      /*i18n*/ 'Members-only access by plan',
      /*i18n*/ 'Listening streaks and reminders',
    ],
    benefits: [
      /*i18n*/ 'Give members a daily reason to return',
      /*i18n*/ 'Package your talks as a subscription',
      /*i18n*/ 'Build loyalty between coaching sessions',
    ],
  }),
  app({
    id: 'brand-hub',
    name: /*i18n*/ 'Brand Hub',
    description:
      /*i18n*/ 'Keep logos, colours, speaker kits and co-branded pages in one place and publish them to every site.',
    category: 'brand-hub',
    monthlyPrice: 14700,
    features: [
      /*i18n*/ 'Brand kit with logos, colours and fonts',
      /*i18n*/ 'Speaker and media kit pages',
      /*i18n*/ 'Co-branded pages for partners',
      /*i18n*/ 'White-label option for client-facing pages',
    ],
    benefits: [
      /*i18n*/ 'Look the same on every site and slide',
      /*i18n*/ 'Send event organisers a complete kit in one link',
      /*i18n*/ 'Partners promote you with on-brand pages',
    ],
  }),
];

export function applicationByName(name: string): Application | undefined {
  return applications.find((a) => a.name === name);
}

export interface CategoryFilter {
  id: string;
  label: string;
}

/** The filter buttons of the Applications tab, in display order (spec 000 §2.2). */
export const categoryFilters: readonly CategoryFilter[] = [
  { id: 'all', label: /*i18n*/ 'All' },
  { id: 'brand-hub', label: /*i18n*/ 'Brand Hub' },
  { id: 'certification', label: /*i18n*/ 'Certification' },
  { id: 'professional-tools', label: /*i18n*/ 'Professional Tools' },
  { id: 'lead-generation', label: /*i18n*/ 'Lead Generation' },
  { id: 'real-estate', label: /*i18n*/ 'Real Estate' },
  { id: 'emotional-healing', label: /*i18n*/ 'Emotional Healing' },
  { id: 'ai-assistant', label: /*i18n*/ 'AI Assistant' },
  { id: 'entertainment', label: /*i18n*/ 'Entertainment' },
];
export type CategoryFilterId = (typeof categoryFilters)[number]['id'];

export const defaultCategoryFilter = 'all';

/** 'all' matches everything; 'entertainment' matches every entertainment-* category; others match exactly. */
export function matchesCategoryFilter(category: ApplicationCategory, filterId: string): boolean {
  if (filterId === 'all') return true;
  if (filterId === 'entertainment') return category.includes('entertainment');
  return category === filterId;
}

export function filterApplications<T extends Pick<Application, 'category'>>(
  list: readonly T[],
  filterId: string,
): T[] {
  return list.filter((a) => matchesCategoryFilter(a.category, filterId));
}

export interface CategoryFilterCount extends CategoryFilter {
  count: number;
}

export function categoryFilterCounts(list: readonly Pick<Application, 'category'>[]): CategoryFilterCount[] {
  return categoryFilters.map((f) => ({ ...f, count: filterApplications(list, f.id).length }));
}

export const categoryLabels: Record<ApplicationCategory, string> = {
  'unified-command': /*i18n*/ 'Unified Command',
  certification: /*i18n*/ 'Certification',
  'professional-tools': /*i18n*/ 'Professional Tools',
  'lead-generation': /*i18n*/ 'Lead Generation',
  'real-estate': /*i18n*/ 'Real Estate',
  'emotional-healing': /*i18n*/ 'Emotional Healing',
  'ai-assistant': /*i18n*/ 'AI Assistant',
  'entertainment-social': /*i18n*/ 'Entertainment · Social',
  'entertainment-spiritual': /*i18n*/ 'Entertainment · Spiritual',
  'brand-hub': /*i18n*/ 'Brand Hub',
};
