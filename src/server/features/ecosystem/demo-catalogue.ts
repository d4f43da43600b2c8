import type { AppInput } from '@domain/ecosystem/ecosystem-schemas';

/**
 * The demo workspace's family of apps (spec 001 §1: real estate, local business directories, healing,
 * nonprofit, entertainment, education). Their sites and data live in the simulator this server runs under
 * /demo-apps/<slug>/ (demo-app-simulator.ts), so the demo works without a network.
 */
export interface DemoApp {
  slug: string;
  name: string;
  category: AppInput['category'];
  type: AppInput['type'];
  description: string;
  /** Dollars; null = no such price line. */
  pricing: {
    free: boolean;
    monthly: number | null;
    annual: number | null;
    lifetime: number | null;
    oneTime: number | null;
  };
  features: string[];
  /** The app's lead endpoints in the simulator: JSON pages linked by `next`, or one CSV file. */
  endpoints: {
    name: string;
    type: 'replit' | 'canva' | 'website';
    category: 'leads' | 'business' | 'presentation' | 'data' | 'certification';
    format: 'json' | 'csv';
  }[];
  /** Leads the simulator holds for this app. */
  leads: number;
}

const p = (monthly: number | null, extra: Partial<DemoApp['pricing']> = {}): DemoApp['pricing'] => ({
  free: false,
  monthly,
  annual: monthly === null ? null : Math.round(monthly * 12 * 0.9),
  lifetime: null,
  oneTime: null,
  ...extra,
});

const leadsJson = (name = 'Lead capture'): DemoApp['endpoints'][number] => ({
  name,
  type: 'replit',
  category: 'leads',
  format: 'json',
});
const leadsCsv = (name = 'Lead export'): DemoApp['endpoints'][number] => ({
  name,
  type: 'website',
  category: 'leads',
  format: 'csv',
});

export const demoApps: DemoApp[] = [
  {
    slug: 'unified-command',
    name: 'Unified Command Center',
    category: 'core',
    type: 'B2B',
    description: 'One console for every site, app and lead in the ecosystem.',
    pricing: p(197, { lifetime: 1997 }),
    features: ['Cross-app dashboard', 'Unified contacts', 'Role-based access', 'Automated backups'],
    endpoints: [leadsJson('Console sign-ups')],
    leads: 24,
  },
  {
    slug: 'brand-hub',
    name: 'Brand Hub',
    category: 'core',
    type: 'Mixed',
    description: 'Speaker and coaching brand site with bookings and media kit.',
    pricing: p(49, { free: true }),
    features: ['Media kit', 'Booking requests', 'Newsletter'],
    endpoints: [leadsJson('Booking requests')],
    leads: 36,
  },
  {
    slug: 'ai-assistant',
    name: 'AI Assistant',
    category: 'core',
    type: 'B2C',
    description: 'A contextual assistant for notes, emails and follow-ups.',
    pricing: p(29, { free: true }),
    features: ['Contextual suggestions', 'Email drafts', 'Meeting notes', 'Follow-up reminders', 'Templates'],
    endpoints: [leadsJson('Trial users')],
    leads: 40,
  },
  {
    slug: 'lead-engine',
    name: 'Lead Generation Engine',
    category: 'business',
    type: 'B2B',
    description: 'AI lead scoring and capture pages for small businesses.',
    pricing: p(199),
    features: ['Capture pages', 'Lead scoring', 'CRM sync', 'A/B tests'],
    endpoints: [leadsJson('Scored leads'), leadsCsv('Weekly lead export')],
    leads: 60,
  },
  {
    slug: 'local-directory',
    name: 'Local Business Directory',
    category: 'business',
    type: 'B2B',
    description: 'Directory listings with AI recommendations and referral tracking.',
    pricing: p(44, { oneTime: 99 }),
    features: ['Directory listing', 'AI recommendations', 'Referral tracking'],
    endpoints: [leadsCsv('Listing inquiries')],
    leads: 32,
  },
  {
    slug: 'real-estate-suite',
    name: 'Real Estate Suite',
    category: 'business',
    type: 'B2B',
    description: 'Listing funnels, MLS search and follow-up for agents.',
    pricing: p(299),
    features: ['MLS search', 'Listing funnels', 'Automated follow-up', 'Referral tracking', 'Team dashboard'],
    endpoints: [leadsJson('Buyer leads')],
    leads: 48,
  },
  {
    slug: 'property-match',
    name: 'AI Property Match',
    category: 'business',
    type: 'B2C',
    description: 'Matches home buyers with homes and agents.',
    pricing: p(19, { free: true }),
    features: ['Buyer profiles', 'Home matches', 'Agent intros'],
    endpoints: [leadsJson('Buyer profiles')],
    leads: 44,
  },
  {
    slug: 'business-process',
    name: 'Business Process Hub',
    category: 'business',
    type: 'B2B',
    description: 'Checklists, SOPs and approvals for growing teams.',
    pricing: p(169),
    features: ['SOP library', 'Approvals', 'Checklists'],
    endpoints: [leadsCsv('Demo requests')],
    leads: 20,
  },
  {
    slug: 'healing-journey',
    name: 'Healing Journey',
    category: 'healing',
    type: 'B2C',
    description: 'Guided programmes for emotional healing.',
    pricing: p(39, { lifetime: 399 }),
    features: ['Guided programmes', 'Journal', 'Progress check-ins', 'Community circles'],
    endpoints: [leadsJson('Programme sign-ups')],
    leads: 52,
  },
  {
    slug: 'soulscan',
    name: 'SoulScan',
    category: 'healing',
    type: 'B2C',
    description: 'Self-assessment of stress and resilience with coaching offers.',
    pricing: p(19, { free: true }),
    features: ['Assessments', 'Personal report', 'Coach matching'],
    endpoints: [leadsJson('Assessment takers')],
    leads: 46,
  },
  {
    slug: 'trauma-insights',
    name: 'Trauma Insights',
    category: 'healing',
    type: 'Mixed',
    description: 'Trauma-informed training for practitioners.',
    pricing: p(79),
    features: ['Courses', 'Case studies', 'Certificates'],
    endpoints: [{ name: 'Practitioner records', type: 'canva', category: 'certification', format: 'csv' }],
    leads: 28,
  },
  {
    slug: 'giveback-pro',
    name: 'GiveBack Pro',
    category: 'nonprofit',
    type: 'Mixed',
    description: 'Donation pages and impact badges for businesses that give.',
    pricing: p(99),
    features: ['Donation pages', 'Impact badges', 'Receipts'],
    endpoints: [leadsJson('Donors')],
    leads: 38,
  },
  {
    slug: 'housing-advocates',
    name: 'Housing Advocate Certification',
    category: 'nonprofit',
    type: 'B2C',
    description: 'Certification for housing advocates.',
    pricing: p(59, { oneTime: 249 }),
    features: ['Certification course', 'Exam', 'Advocate directory', 'CE credits'],
    endpoints: [{ name: 'Certified advocates', type: 'replit', category: 'certification', format: 'json' }],
    leads: 42,
  },
  {
    slug: 'community-events',
    name: 'Community Events',
    category: 'nonprofit',
    type: 'B2C',
    description: 'Event pages and RSVPs for community fundraisers.',
    pricing: p(null, { free: true }),
    features: ['Event pages', 'RSVPs', 'Reminders'],
    endpoints: [leadsCsv('RSVP export')],
    leads: 30,
  },
  {
    slug: 'mindful-media',
    name: 'Mindful Media',
    category: 'entertainment',
    type: 'B2C',
    description: 'Podcasts and meditations with a member area.',
    pricing: p(9, { free: true }),
    features: ['Podcasts', 'Meditations', 'Member area'],
    endpoints: [leadsJson('Members')],
    leads: 50,
  },
  {
    slug: 'spirit-stream',
    name: 'Spirit Stream',
    category: 'entertainment',
    type: 'B2C',
    description: 'Live streams of talks and music.',
    pricing: p(14),
    features: ['Live streams', 'Replays', 'Chat'],
    endpoints: [leadsJson('Viewers')],
    leads: 34,
  },
  {
    slug: 'social-circle',
    name: 'Social Circle',
    category: 'entertainment',
    type: 'B2C',
    description: 'Small-group meetups for members.',
    pricing: p(12, { free: true }),
    features: ['Groups', 'Meetups', 'Messages'],
    endpoints: [{ name: 'Group decks', type: 'canva', category: 'presentation', format: 'csv' }],
    leads: 26,
  },
  {
    slug: 'certification-hub',
    name: 'Certification Hub',
    category: 'education',
    type: 'Mixed',
    description: 'Courses and certificates for professionals.',
    pricing: p(89, { lifetime: 890 }),
    features: ['Courses', 'Certificates', 'Progress tracking', 'Quizzes'],
    endpoints: [{ name: 'Course graduates', type: 'replit', category: 'certification', format: 'json' }],
    leads: 56,
  },
  {
    slug: 'speaker-academy',
    name: 'Speaker Academy',
    category: 'education',
    type: 'B2C',
    description: 'Public-speaking programme with coaching.',
    pricing: p(129, { oneTime: 499 }),
    features: ['Video lessons', 'Coaching calls', 'Stage practice'],
    endpoints: [leadsJson('Applicants')],
    leads: 22,
  },
  {
    slug: 'agent-training',
    name: 'Agent Training Hub',
    category: 'education',
    type: 'B2B',
    description: 'Training for real-estate agents and teams.',
    pricing: p(89),
    features: ['Agent courses', 'Team seats', 'Compliance modules'],
    endpoints: [leadsCsv('Enrolments')],
    leads: 30,
  },
  {
    slug: 'data-insights',
    name: 'Data Insights',
    category: 'education',
    type: 'B2B',
    description: 'Market reports and data for agents and investors.',
    pricing: p(49),
    features: ['Market reports', 'Data exports'],
    endpoints: [{ name: 'Report downloads', type: 'website', category: 'data', format: 'json' }],
    leads: 24,
  },
];

/** Which app's users fit which other app (the demo's cross-sales matrix), by slug. */
export const demoMatrix: {
  from: string;
  to: string;
  services: string[];
  min: number;
  max: number;
  reasoning: string;
}[] = [
  {
    from: 'property-match',
    to: 'real-estate-suite',
    services: ['Agent intro', 'Listing funnel'],
    min: 299,
    max: 999,
    reasoning: 'Buyers matched with homes need an agent who runs the listing funnel.',
  },
  {
    from: 'real-estate-suite',
    to: 'agent-training',
    services: ['Agent courses'],
    min: 89,
    max: 450,
    reasoning: 'Agents on the suite grow faster with the training hub.',
  },
  {
    from: 'real-estate-suite',
    to: 'data-insights',
    services: ['Market reports'],
    min: 49,
    max: 300,
    reasoning: 'Listing agents use market reports in every pitch.',
  },
  {
    from: 'soulscan',
    to: 'healing-journey',
    services: ['Guided programme'],
    min: 39,
    max: 399,
    reasoning: 'An assessment with high stress scores leads naturally to a guided programme.',
  },
  {
    from: 'healing-journey',
    to: 'mindful-media',
    services: ['Meditations'],
    min: 9,
    max: 108,
    reasoning: 'Programme members keep practising with daily meditations.',
  },
  {
    from: 'trauma-insights',
    to: 'certification-hub',
    services: ['Certificates'],
    min: 89,
    max: 890,
    reasoning: 'Practitioners want a recognised certificate for their training.',
  },
  {
    from: 'brand-hub',
    to: 'speaker-academy',
    services: ['Coaching calls'],
    min: 129,
    max: 499,
    reasoning: 'Booking requests come from people who want to speak themselves.',
  },
  {
    from: 'lead-engine',
    to: 'local-directory',
    services: ['Directory listing', 'Referral tracking'],
    min: 44,
    max: 349,
    reasoning: 'Businesses buying leads also want to be found locally.',
  },
  {
    from: 'local-directory',
    to: 'giveback-pro',
    services: ['Impact badge'],
    min: 99,
    max: 1188,
    reasoning: 'Listed businesses stand out with a giving badge.',
  },
  {
    from: 'community-events',
    to: 'giveback-pro',
    services: ['Donation pages'],
    min: 99,
    max: 500,
    reasoning: 'Event organisers raise money with donation pages.',
  },
  {
    from: 'mindful-media',
    to: 'spirit-stream',
    services: ['Live streams'],
    min: 14,
    max: 168,
    reasoning: 'Podcast listeners join the live talks.',
  },
  {
    from: 'housing-advocates',
    to: 'property-match',
    services: ['Buyer profiles'],
    min: 19,
    max: 228,
    reasoning: 'Advocates refer families looking for homes.',
  },
  {
    from: 'ai-assistant',
    to: 'unified-command',
    services: ['Cross-app dashboard'],
    min: 197,
    max: 1997,
    reasoning: 'Heavy assistant users run several apps and need one console.',
  },
  {
    from: 'business-process',
    to: 'lead-engine',
    services: ['Lead scoring'],
    min: 199,
    max: 2388,
    reasoning: 'Teams with documented processes are ready to scale lead flow.',
  },
];

/** The demo's priority plan (spec 001 §9: revenue potentials 15000, 25000, 18000, 12000, 20000). */
export const demoPlan = [
  {
    title: 'Buyer-to-agent handoff',
    from: 'AI Property Match',
    to: 'Real Estate Suite',
    priority: 'CRITICAL',
    revenue: 25_000,
    timeline: '2 weeks',
    difficulty: 'Easy',
    audience: 'Buyers with a saved match',
    steps: [
      'Add an agent intro button to each match',
      'Send matched buyers to the listing funnel',
      'Track intros in the CRM',
    ],
  },
  {
    title: 'Assessment to programme',
    from: 'SoulScan',
    to: 'Healing Journey',
    priority: 'HIGH',
    revenue: 20_000,
    timeline: '3 weeks',
    difficulty: 'Medium',
    audience: 'Assessment takers with high stress scores',
    steps: ['Show a programme offer on the report', 'Email a 7-day trial', 'Measure sign-ups'],
  },
  {
    title: 'Agents into training',
    from: 'Real Estate Suite',
    to: 'Agent Training Hub',
    priority: 'HIGH',
    revenue: 18_000,
    timeline: '1 month',
    difficulty: 'Medium',
    audience: 'Agents in their first year',
    steps: ['Bundle a course with the suite', 'Add training progress to the dashboard'],
  },
  {
    title: 'Directory giving badge',
    from: 'Local Business Directory',
    to: 'GiveBack Pro',
    priority: 'MEDIUM',
    revenue: 15_000,
    timeline: '2 weeks',
    difficulty: 'Easy',
    audience: 'Listed businesses',
    steps: ['Offer the badge in the listing editor', 'Show badge holders first in search'],
  },
  {
    title: 'Listeners to live talks',
    from: 'Mindful Media',
    to: 'Spirit Stream',
    priority: 'LOW',
    revenue: 12_000,
    timeline: '6 weeks',
    difficulty: 'Hard',
    audience: 'Weekly podcast listeners',
    steps: ['Announce live talks in episodes', 'Give members a first stream free', 'Follow up with replays'],
  },
] as const;
