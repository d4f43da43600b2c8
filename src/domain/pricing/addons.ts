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
    name: /*i18n*/ 'Training Hub',
    priceCents: 8900,
    period: 'month',
    description:
      /*i18n*/ 'Training and certification hub: courses, assessments and certificates for your team and clients.',
    features: [
      /*i18n*/ 'Course builder',
      /*i18n*/ 'Quizzes and assessments',
      /*i18n*/ 'Certificates of completion',
      /*i18n*/ 'Progress tracking',
    ],
    category: 'education',
  },
  {
    id: 'lead-engine',
    name: /*i18n*/ 'Lead Engine',
    priceCents: 19900,
    period: 'month',
    description:
      /*i18n*/ 'AI lead-generation engine that captures, scores and routes new leads into your CRM.',
    features: [
      /*i18n*/ 'Lead capture forms',
      /*i18n*/ 'AI lead scoring',
      /*i18n*/ 'Automatic routing',
      /*i18n*/ 'Follow-up sequences',
    ],
    category: 'lead-generation',
  },
  {
    id: 'real-estate-toolkit',
    name: /*i18n*/ 'Real Estate Toolkit',
    priceCents: 12900,
    period: 'month',
    description:
      /*i18n*/ 'Listings, buyer and seller matching and transaction tracking for real-estate professionals.',
    features: [
      /*i18n*/ 'Listing management',
      /*i18n*/ 'Buyer and seller matching',
      /*i18n*/ 'Transaction pipeline',
      /*i18n*/ 'Market reports',
    ],
    category: 'real-estate',
  },
  {
    id: 'business-process-hub',
    name: /*i18n*/ 'Business Process Hub',
    priceCents: 16900,
    period: 'month',
    description: /*i18n*/ 'Document, automate and hand over the processes that run your business.',
    features: [
      /*i18n*/ 'Process documentation',
      /*i18n*/ 'Task automation',
      /*i18n*/ 'Approval flows',
      /*i18n*/ 'Succession playbooks',
    ],
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
