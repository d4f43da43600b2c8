/** Add-on modules sold on top of a base plan (spec 000 §1, §9; 001 §3, §9). Prices in cents per month. */
export const addonIds = [
  'training-hub',
  'lead-engine',
  'real-estate-toolkit',
  'business-process-hub',
] as const;
export type AddonId = (typeof addonIds)[number];

export interface Addon {
  id: AddonId;
  name: string;
  priceCents: number;
  period: 'month';
  description: string;
  features: string[];
  category: 'education' | 'lead-generation' | 'real-estate' | 'operations';
}

export const addons: readonly Addon[] = [
  {
    id: 'training-hub',
    name: 'Training Hub',
    priceCents: 8900,
    period: 'month',
    description:
      'Training and certification hub: courses, assessments and certificates for your team and clients.',
    features: [
      'Course builder',
      'Quizzes and assessments',
      'Certificates of completion',
      'Progress tracking',
    ],
    category: 'education',
  },
  {
    id: 'lead-engine',
    name: 'Lead Engine',
    priceCents: 19900,
    period: 'month',
    description: 'AI lead-generation engine that captures, scores and routes new leads into your CRM.',
    features: ['Lead capture forms', 'AI lead scoring', 'Automatic routing', 'Follow-up sequences'],
    category: 'lead-generation',
  },
  {
    id: 'real-estate-toolkit',
    name: 'Real Estate Toolkit',
    priceCents: 12900,
    period: 'month',
    description:
      'Listings, buyer and seller matching and transaction tracking for real-estate professionals.',
    features: ['Listing management', 'Buyer and seller matching', 'Transaction pipeline', 'Market reports'],
    category: 'real-estate',
  },
  {
    id: 'business-process-hub',
    name: 'Business Process Hub',
    priceCents: 16900,
    period: 'month',
    description: 'Document, automate and hand over the processes that run your business.',
    features: ['Process documentation', 'Task automation', 'Approval flows', 'Succession playbooks'],
    category: 'operations',
  },
];

export function isAddonId(id: string): id is AddonId {
  return (addonIds as readonly string[]).includes(id);
}

export function addonById(id: AddonId): Addon {
  const addon = addons.find((a) => a.id === id);
  if (!addon) throw new Error(`Unknown add-on ${id}`);
  return addon;
}
