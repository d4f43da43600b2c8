import { z } from 'zod';
import { annualDiscountedCents } from './annual.js';
import { divideRounded } from './rounding.js';

/** The local business pricing calculator (spec 001 §3, §5, §9). Amounts in cents. */
export const businessTypes = [
  { id: 'bakery', label: /*i18n*/ 'Bakery' },
  { id: 'restaurant', label: /*i18n*/ 'Restaurant' },
  { id: 'auto_shop', label: /*i18n*/ 'Auto Shop' },
  { id: 'retail', label: /*i18n*/ 'Retail Store' },
  { id: 'wellness', label: /*i18n*/ 'Wellness & Spa' },
  { id: 'wedding_vendor', label: /*i18n*/ 'Wedding Vendor' },
  { id: 'other', label: /*i18n*/ 'Other' },
] as const;
export type BusinessType = (typeof businessTypes)[number]['id'];
export const businessTypeIds = businessTypes.map((t) => t.id) as [BusinessType, ...BusinessType[]];

export const exposureLevelIds = ['directory', 'ai_recommended', 'referral_tracked'] as const;
export type ExposureLevel = (typeof exposureLevelIds)[number];

export interface ExposureLevelInfo {
  id: ExposureLevel;
  name: string;
  /** The monthly base the calculator uses. */
  baseCents: number;
  /** The range advertised next to the option (spec 001 §9), display only. */
  displayRange: string;
  description: string;
}

export const exposureLevels: readonly ExposureLevelInfo[] = [
  {
    id: 'directory',
    name: /*i18n*/ 'Directory Listing',
    baseCents: 4400,
    displayRange: '$29-$59',
    description: /*i18n*/ 'Listed in the local business directory of the ecosystem.',
  },
  {
    id: 'ai_recommended',
    name: /*i18n*/ 'AI Recommended',
    baseCents: 11400,
    displayRange: '$79-$149',
    description: /*i18n*/ 'Recommended by the AI assistants when customers ask for your kind of business.',
  },
  {
    id: 'referral_tracked',
    name: /*i18n*/ 'Referral Tracked',
    baseCents: 34900,
    displayRange: '$199-$499',
    description: /*i18n*/ 'Every referral from the ecosystem tracked to your business, with reporting.',
  },
];

/** Industry multipliers in hundredths (2 -> 200), so the arithmetic stays in integers. */
export const industryCodes = [
  'real_estate',
  'automotive',
  'retail',
  'wellness',
  'nonprofit',
  'other',
] as const;
export type IndustryCode = (typeof industryCodes)[number];
export const defaultIndustryCode: IndustryCode = 'other';
export const industryMultiplierHundredths: Record<IndustryCode, number> = {
  real_estate: 200,
  automotive: 180,
  retail: 130,
  wellness: 110,
  nonprofit: 75,
  other: 100,
};

export const localAddonKeys = ['lumaraShoutouts', 'autoMatchCrm', 'coBrandedPage', 'placementBoost'] as const;
export type LocalAddonKey = (typeof localAddonKeys)[number];

export interface LocalAddonInfo {
  key: LocalAddonKey;
  name: string;
  priceCents: number;
  /** One-time add-ons are shown with their price but are not part of the total (spec 001 §9). */
  billing: 'monthly' | 'one_time';
  description: string;
}

export const localAddons: readonly LocalAddonInfo[] = [
  {
    key: 'lumaraShoutouts',
    name: /*i18n*/ 'Lumara Shoutouts',
    priceCents: 2900,
    billing: 'monthly',
    description: /*i18n*/ 'Monthly shoutouts of your business across the ecosystem apps.',
  },
  {
    key: 'autoMatchCrm',
    name: /*i18n*/ 'Auto-Match CRM',
    priceCents: 5900,
    billing: 'monthly',
    description: /*i18n*/ 'New customers matched to your business and added to your CRM automatically.',
  },
  {
    key: 'coBrandedPage',
    name: /*i18n*/ 'Co-Branded Page',
    priceCents: 9900,
    billing: 'one_time',
    description: /*i18n*/ 'A co-branded landing page for your business.',
  },
  {
    key: 'placementBoost',
    name: /*i18n*/ 'Placement Boost',
    priceCents: 7900,
    billing: 'monthly',
    description: /*i18n*/ 'Top placement in directory results for your ZIP codes.',
  },
];

export type LocalAddonSelection = Record<LocalAddonKey, boolean>;
export const noLocalAddons: LocalAddonSelection = {
  lumaraShoutouts: false,
  autoMatchCrm: false,
  coBrandedPage: false,
  placementBoost: false,
};

export function exposureLevelById(id: ExposureLevel): ExposureLevelInfo {
  const level = exposureLevels.find((l) => l.id === id);
  if (!level) throw new Error(`Unknown exposure level ${id}`);
  return level;
}

/** Monthly base = exposure base x industry multiplier, rounded to whole dollars after multiplying. */
export function localMonthlyBaseCents(
  exposure: ExposureLevel,
  industry: IndustryCode = defaultIndustryCode,
): number {
  const baseDollars = exposureLevelById(exposure).baseCents / 100;
  return divideRounded(baseDollars * industryMultiplierHundredths[industry], 100) * 100;
}

/** ZIP count = number of comma-separated pieces, minimum 1 when the text is empty. Nothing else is validated. */
export function zipCodeCount(zipCodesText: string): number {
  if (zipCodesText === '') return 1;
  return Math.max(1, zipCodesText.split(',').length);
}

/** Extra ZIP fee per month: 1 code or fewer 0; 2-5 codes $19; 6-10 codes $49; more than 10 codes $99. */
export function zipFeeCents(zipCount: number): number {
  if (zipCount <= 1) return 0;
  if (zipCount <= 5) return 1900;
  if (zipCount <= 10) return 4900;
  return 9900;
}

/**
 * The hint shown under the ZIP input. It says +$19 for 1-5 codes although the rule charges nothing for a
 * single code (spec 001 §9 keeps this difference; the rule above is what is charged).
 */
export const zipFeeHint = /*i18n*/ '+$19 for 1-5 ZIP codes, +$49 for 6-10, +$99 county-wide';

/** Monthly add-ons per month; the one-time Co-Branded Page is excluded. */
export function localAddonsMonthlyCents(selection: LocalAddonSelection): number {
  return localAddons
    .filter((a) => a.billing === 'monthly' && selection[a.key])
    .reduce((sum, a) => sum + a.priceCents, 0);
}

/** The add-on amount as stored in the checkout body: yearly (x12); displayed divided back by 12. */
export function localAddonsYearlyCents(selection: LocalAddonSelection): number {
  return localAddonsMonthlyCents(selection) * 12;
}

export function localAddonsDisplayMonthlyCents(storedYearlyCents: number): number {
  return divideRounded(storedYearlyCents, 12);
}

/** The one-time add-ons selected (shown, not in the total). */
export function localOneTimeCents(selection: LocalAddonSelection): number {
  return localAddons
    .filter((a) => a.billing === 'one_time' && selection[a.key])
    .reduce((sum, a) => sum + a.priceCents, 0);
}

/** The calculator's result, in the shape of the checkout body's `pricing` (spec 001 §7), in cents. */
export interface LocalBusinessPricing {
  monthlyBase: number;
  annualBase: number;
  /** Yearly amount of the monthly add-ons (x12); show it divided by 12. */
  addons: number;
  zipFees: number;
  /** Monthly total: base + add-ons per month + ZIP fee. */
  total: number;
  /** total x 12 x 0.9, rounded. */
  annualTotal: number;
}

export interface LocalBusinessSelection {
  exposureLevel: ExposureLevel;
  zipCodes: string;
  naicsCode?: IndustryCode;
  addons: LocalAddonSelection;
}

export function localBusinessPricing(selection: LocalBusinessSelection): LocalBusinessPricing {
  const monthlyBase = localMonthlyBaseCents(
    selection.exposureLevel,
    selection.naicsCode ?? defaultIndustryCode,
  );
  const addons = localAddonsYearlyCents(selection.addons);
  const zipFees = zipFeeCents(zipCodeCount(selection.zipCodes));
  const total = monthlyBase + localAddonsDisplayMonthlyCents(addons) + zipFees;
  return {
    monthlyBase,
    annualBase: annualDiscountedCents(monthlyBase),
    addons,
    zipFees,
    total,
    annualTotal: annualDiscountedCents(total),
  };
}

const cents = z.number().int().nonnegative();

export const localBusinessCheckoutSchema = z.object({
  businessType: z.enum(businessTypeIds),
  exposureLevel: z.enum(exposureLevelIds),
  zipCodes: z.string().max(2000, /*i18n*/ 'ZIP codes must be at most 2000 characters'),
  naicsCode: z.enum(industryCodes).default(defaultIndustryCode),
  addons: z.object({
    lumaraShoutouts: z.boolean(),
    autoMatchCrm: z.boolean(),
    coBrandedPage: z.boolean(),
    placementBoost: z.boolean(),
  }),
  /** What the browser showed, in cents; the server recomputes it and refuses a body that disagrees. */
  pricing: z.object({
    monthlyBase: cents,
    annualBase: cents,
    addons: cents,
    zipFees: cents,
    total: cents,
    annualTotal: cents,
  }),
});
export type LocalBusinessCheckoutBody = z.infer<typeof localBusinessCheckoutSchema>;
