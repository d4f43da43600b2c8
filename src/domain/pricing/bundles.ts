/** The three fixed bundles of the technology catalogue's Bundles tab (spec 000 §2.2, §9). Prices in cents per month. */
export interface Bundle {
  id: 'entrepreneur-starter' | 'professional-success' | 'enterprise-command';
  name: string;
  apps: string[];
  originalPriceCents: number;
  bundlePriceCents: number;
  description: string;
}

export const bundles: readonly Bundle[] = [
  {
    id: 'entrepreneur-starter',
    name: /*i18n*/ 'Entrepreneur Starter',
    apps: [/*i18n*/ 'Brand Hub', /*i18n*/ 'Lead Generation Engine', /*i18n*/ 'AI Assistant'],
    originalPriceCents: 54300,
    bundlePriceCents: 39700,
    description:
      /*i18n*/ 'Everything a solo founder needs to build a brand, capture leads and follow up automatically.',
  },
  {
    id: 'professional-success',
    name: /*i18n*/ 'Professional Success',
    apps: [
      /*i18n*/ 'Brand Hub',
      /*i18n*/ 'Lead Generation Engine',
      /*i18n*/ 'AI Assistant',
      /*i18n*/ 'Professional Tools',
      /*i18n*/ 'Certification Hub',
    ],
    originalPriceCents: 114000,
    bundlePriceCents: 79700,
    description:
      /*i18n*/ 'For growing practices: add professional tooling and certification to the starter stack.',
  },
  {
    id: 'enterprise-command',
    name: /*i18n*/ 'Enterprise Command',
    apps: [
      /*i18n*/ 'Unified Command Center',
      /*i18n*/ 'Brand Hub',
      /*i18n*/ 'Lead Generation Engine',
      /*i18n*/ 'AI Assistant',
      /*i18n*/ 'Professional Tools',
      /*i18n*/ 'Certification Hub',
      /*i18n*/ 'Real Estate Suite',
    ],
    originalPriceCents: 198500,
    bundlePriceCents: 149700,
    description: /*i18n*/ 'The full operating system for multi-site businesses, run from one command center.',
  },
];

/** Savings of a bundle: original minus bundle price (146, 343, 488 dollars for the three bundles). */
export function bundleSavingsCents(bundle: Pick<Bundle, 'originalPriceCents' | 'bundlePriceCents'>): number {
  return bundle.originalPriceCents - bundle.bundlePriceCents;
}
