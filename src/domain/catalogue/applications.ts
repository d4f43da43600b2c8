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
    name: 'Unified Command Center',
    description:
      'One command centre for every site and app you run: shared contacts, workflows, approvals and a live activity feed.',
    category: 'unified-command',
    monthlyPrice: 49700,
    features: [
      'Unified dashboard across all your websites',
      'Workflow builder with approval steps',
      'Shared contact and company records',
      'Uptime, webhook and backup monitoring',
    ],
    benefits: [
      'Stop switching between tools for each site',
      'See what every team did today in one feed',
      'Hand work over without losing context',
    ],
  }),
  app({
    id: 'certification-hub',
    name: 'Certification Hub',
    description:
      'Build courses, run exams and issue verifiable certificates to your students, staff or partners.',
    category: 'certification',
    monthlyPrice: 19900,
    features: [
      'Course builder with video, text and quizzes',
      'Timed exams with automatic grading',
      'Verifiable certificates with unique links',
      'Learner progress reports',
    ],
    benefits: [
      'Turn your expertise into a recurring revenue line',
      'Prove compliance with exportable training records',
      'Graduates become contacts ready for your next offer',
    ],
  }),
  app({
    id: 'housing-advocate-certification',
    name: 'Housing Advocate Certification',
    description:
      'A ready-made certification track for housing counsellors and advocates, with continuing-education credits.',
    category: 'certification',
    monthlyPrice: 7900,
    features: [
      'Six-module housing advocacy curriculum',
      'Continuing-education credit tracking',
      'Public directory of certified advocates',
      'Renewal reminders before certificates lapse',
    ],
    benefits: [
      'Launch a credential program without writing a course',
      'Certified advocates refer clients back to you',
      'Renewals create predictable yearly income',
    ],
  }),
  app({
    id: 'professional-tools',
    name: 'Professional Tools',
    description: 'Proposals, contracts, invoices and client portals for consultants, coaches and agencies.',
    category: 'professional-tools',
    monthlyPrice: 39800,
    features: [
      'Proposal and contract templates with e-signature',
      'Invoices linked to contacts and deals',
      'Client portal with shared files',
      'Custom reports you can schedule by email',
    ],
    benefits: [
      'Go from call to signed proposal the same day',
      'Get paid faster with invoices clients can act on',
      'Give clients one place for everything you share',
    ],
  }),
  app({
    id: 'lead-generation-engine',
    name: 'Lead Generation Engine',
    description:
      'Finds, scores and routes new leads from your sites and forms so your team calls the right people first.',
    category: 'lead-generation',
    monthlyPrice: 19900,
    features: [
      'Lead capture forms for every site',
      'Automatic lead scoring and qualification',
      'Drip sequences triggered by lead behaviour',
      'Source tracking for every new contact',
    ],
    benefits: [
      'Spend sales time on leads that are ready to buy',
      'Know which site and campaign brings revenue',
      'Never let a new enquiry go cold',
    ],
  }),
  app({
    id: 'local-business-directory',
    name: 'Local Business Directory',
    description:
      'List local businesses by ZIP code, send them referrals and track which placements turn into customers.',
    category: 'lead-generation',
    monthlyPrice: 5900,
    features: [
      'Directory listings by business type and ZIP code',
      'Referral tracking with attribution',
      'AI-recommended placement for top vendors',
      'Co-branded vendor pages',
    ],
    benefits: [
      'Earn listing fees from businesses in your area',
      'Give your audience trusted local recommendations',
      'Measure every referral you send',
    ],
  }),
  app({
    id: 'real-estate-suite',
    name: 'Real Estate Suite',
    description:
      'Listings, buyer and seller pipelines and geofenced alerts built for agents, teams and brokerages.',
    category: 'real-estate',
    monthlyPrice: 34800,
    features: [
      'Buyer, seller and investor pipelines',
      'Listing funnels and open-house sign-in',
      'Geofenced alerts when you are near a contact',
      'Automated follow-up after showings',
    ],
    benefits: [
      'Follow up with every buyer while they are still looking',
      'Turn open-house visitors into tracked leads',
      'Run the whole deal from one contact record',
    ],
  }),
  app({
    id: 'ai-property-match',
    name: 'AI Property Match',
    description:
      'Matches buyers to properties from their stated needs and tells the agent why each match fits.',
    category: 'real-estate',
    monthlyPrice: 14900,
    features: [
      'Buyer preference profiles',
      'Ranked property matches with explanations',
      'New-match email alerts for buyers',
      'Agent hand-off when a buyer is ready',
    ],
    benefits: [
      'Show buyers fewer, better homes',
      'Keep buyers engaged between showings',
      'Close faster with better-qualified buyers',
    ],
  }),
  app({
    id: 'healing-journey',
    name: 'Healing Journey',
    description:
      'A trauma-informed companion for coaches and practitioners: check-ins, journaling prompts and progress notes.',
    category: 'emotional-healing',
    monthlyPrice: 9700,
    features: [
      'Guided daily check-ins for clients',
      'Private journaling with practitioner prompts',
      'Session notes linked to the client record',
      'Progress timeline you can share with the client',
    ],
    benefits: [
      'Support clients between sessions',
      'See patterns before they become setbacks',
      'Keep sensitive notes separate and private',
    ],
  }),
  app({
    id: 'ai-assistant',
    name: 'AI Assistant',
    description:
      'Suggests the next step while you work: finds contacts, drafts emails and tidies notes from what is on screen.',
    category: 'ai-assistant',
    monthlyPrice: 19700,
    features: [
      'Contact search suggestions as you type',
      'Email drafts and improvements',
      'Meeting-note clean-up and action items',
      'Quick actions for the page you are on',
    ],
    benefits: [
      'Finish routine writing in seconds',
      'Never forget the follow-up after a call',
      'Works inside the CRM you already use',
    ],
  }),
  app({
    id: 'ai-content-studio',
    name: 'AI Content Studio',
    description:
      'Generates blog posts, social updates, emails and landing pages with titles, outlines and SEO metadata.',
    category: 'ai-assistant',
    monthlyPrice: 7900,
    features: [
      'Blog, social, email, landing and product copy',
      'SEO meta descriptions and keywords',
      'Content calendar per website',
      'Optional auto-publish on generation',
    ],
    benefits: [
      'Publish consistently on every site',
      'Rank for the searches your customers make',
      'Spend minutes, not hours, on each piece',
    ],
  }),
  app({
    id: 'community-events',
    name: 'Community Events',
    description:
      'Run meetups, live streams and member events with ticketing, reminders and attendee follow-up.',
    category: 'entertainment-social',
    monthlyPrice: 6700,
    features: [
      'Event pages with free and paid tickets',
      'Live-stream links and replays',
      'Reminder emails before each event',
      'Attendees added to your contacts',
    ],
    benefits: [
      'Grow a community around your brand',
      'Turn attendees into customers after the event',
      'Fill seats without a separate ticketing tool',
    ],
  }),
  app({
    id: 'mindful-media',
    name: 'Mindful Media',
    description:
      'Host guided meditations, inspirational talks and music for your members in one calm library.',
    category: 'entertainment-spiritual',
    monthlyPrice: 4700,
    features: [
      'Audio and video library for members',
      'Playlists for mornings, sleep and focus',
      'Members-only access by plan',
      'Listening streaks and reminders',
    ],
    benefits: [
      'Give members a daily reason to return',
      'Package your talks as a subscription',
      'Build loyalty between coaching sessions',
    ],
  }),
  app({
    id: 'brand-hub',
    name: 'Brand Hub',
    description:
      'Keep logos, colours, speaker kits and co-branded pages in one place and publish them to every site.',
    category: 'brand-hub',
    monthlyPrice: 14700,
    features: [
      'Brand kit with logos, colours and fonts',
      'Speaker and media kit pages',
      'Co-branded pages for partners',
      'White-label option for client-facing pages',
    ],
    benefits: [
      'Look the same on every site and slide',
      'Send event organisers a complete kit in one link',
      'Partners promote you with on-brand pages',
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
  { id: 'all', label: 'All' },
  { id: 'brand-hub', label: 'Brand Hub' },
  { id: 'certification', label: 'Certification' },
  { id: 'professional-tools', label: 'Professional Tools' },
  { id: 'lead-generation', label: 'Lead Generation' },
  { id: 'real-estate', label: 'Real Estate' },
  { id: 'emotional-healing', label: 'Emotional Healing' },
  { id: 'ai-assistant', label: 'AI Assistant' },
  { id: 'entertainment', label: 'Entertainment' },
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
  'unified-command': 'Unified Command',
  certification: 'Certification',
  'professional-tools': 'Professional Tools',
  'lead-generation': 'Lead Generation',
  'real-estate': 'Real Estate',
  'emotional-healing': 'Emotional Healing',
  'ai-assistant': 'AI Assistant',
  'entertainment-social': 'Entertainment · Social',
  'entertainment-spiritual': 'Entertainment · Spiritual',
  'brand-hub': 'Brand Hub',
};
