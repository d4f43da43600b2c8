import { z } from 'zod';
import { annualDiscountedCents } from './annual.js';

/** REOSS membership tiers and add-ons for real-estate professionals (spec 001 §3, §9). Cents. */
export const reossTierIds = ['basic', 'pro', 'team', 'brokerage'] as const;
export type ReossTierId = (typeof reossTierIds)[number];
export const defaultReossTier: ReossTierId = 'pro';

export interface ReossTier {
  id: ReossTierId;
  name: string;
  priceCents: number;
  seats: number;
  description: string;
  features: string[];
  popular: boolean;
}

const basicFeatures = [
  /*i18n*/ 'MLS integration and property search',
  /*i18n*/ 'Basic CRM with 500 contacts',
  /*i18n*/ '1 listing funnel template',
  /*i18n*/ 'Lead capture forms',
  /*i18n*/ 'Basic analytics',
  /*i18n*/ 'Email support',
];
const proFeatures = [
  /*i18n*/ 'Everything in Basic',
  /*i18n*/ 'Unlimited funnels',
  /*i18n*/ 'Referral tracking',
  /*i18n*/ 'Automated follow-up',
  /*i18n*/ 'Social integration',
  /*i18n*/ 'Phone support',
];
const teamFeatures = [
  /*i18n*/ 'Everything in Pro',
  /*i18n*/ 'Team dashboard',
  /*i18n*/ 'Custom branding / white-label',
  /*i18n*/ 'Advanced reporting',
  /*i18n*/ 'Training',
  /*i18n*/ 'Priority support',
];
const brokerageFeatures = [
  /*i18n*/ 'Everything in Team',
  /*i18n*/ 'Recruiting dashboard',
  /*i18n*/ 'Admin role management',
  /*i18n*/ 'Compliance tracking',
  /*i18n*/ 'Custom integrations',
  /*i18n*/ 'Dedicated account manager',
];

export const reossTiers: readonly ReossTier[] = [
  {
    id: 'basic',
    name: /*i18n*/ 'Basic',
    priceCents: 9900,
    seats: 1,
    description: /*i18n*/ 'For the solo agent getting listings and leads online.',
    features: basicFeatures,
    popular: false,
  },
  {
    id: 'pro',
    name: /*i18n*/ 'Pro',
    priceCents: 29900,
    seats: 3,
    description: /*i18n*/ 'For producing agents who want every lead followed up automatically.',
    features: proFeatures,
    popular: true,
  },
  {
    id: 'team',
    name: /*i18n*/ 'Team',
    priceCents: 59900,
    seats: 10,
    description: /*i18n*/ 'For teams that share leads, branding and reporting.',
    features: teamFeatures,
    popular: false,
  },
  {
    id: 'brokerage',
    name: /*i18n*/ 'Brokerage',
    priceCents: 99900,
    seats: 25,
    description: /*i18n*/ 'For brokerages recruiting, managing and supporting many agents.',
    features: brokerageFeatures,
    popular: false,
  },
];

export const reossAddonIds = [
  'soulscan_branding',
  'givebackpro_badge',
  'lead_bundle',
  'kvcore_setup',
] as const;
export type ReossAddonId = (typeof reossAddonIds)[number];

export interface ReossAddon {
  id: ReossAddonId;
  name: string;
  priceCents: number;
  billing: 'monthly' | 'one_time';
  description: string;
}

export const reossAddons: readonly ReossAddon[] = [
  {
    id: 'soulscan_branding',
    name: /*i18n*/ 'SoulScan Branding',
    priceCents: 4900,
    billing: 'monthly',
    description: /*i18n*/ 'Personal brand assessment and matching for your marketing.',
  },
  {
    id: 'givebackpro_badge',
    name: /*i18n*/ 'GiveBackPro Badge',
    priceCents: 9900,
    billing: 'monthly',
    description: /*i18n*/ 'Show clients that part of every commission supports a nonprofit.',
  },
  {
    id: 'lead_bundle',
    name: /*i18n*/ 'Lead Bundle',
    priceCents: 19900,
    billing: 'monthly',
    description: /*i18n*/ 'A monthly package of verified buyer and seller leads.',
  },
  {
    id: 'kvcore_setup',
    name: /*i18n*/ 'kvCORE Setup',
    priceCents: 35000,
    billing: 'one_time',
    description: /*i18n*/ 'One-time setup and data migration from kvCORE.',
  },
];

export function reossTierById(id: ReossTierId): ReossTier {
  const tier = reossTiers.find((t) => t.id === id);
  if (!tier) throw new Error(`Unknown REOSS tier ${id}`);
  return tier;
}

export function reossAddonById(id: ReossAddonId): ReossAddon {
  const addon = reossAddons.find((a) => a.id === id);
  if (!addon) throw new Error(`Unknown REOSS add-on ${id}`);
  return addon;
}

/** The REOSS totals, in the shape of the checkout body's `pricing` (spec 001 §7), in cents. */
export interface ReossPricing {
  /** The tier's monthly price. */
  monthlyBase: number;
  /** The tier's annual price with the annual discount. */
  annualBase: number;
  /** Monthly add-ons per month (the one-time add-on is not in here). */
  addons: number;
  /** One-time add-ons, charged once and never discounted. */
  oneTime: number;
  /** Monthly total: tier plus monthly add-ons. */
  total: number;
  /** Annual total: (tier + monthly add-ons) x 12 x 0.9 rounded, plus one-time add-ons after the discount. */
  annualTotal: number;
  seats: number;
}

/** REOSS pricing of a tier and a set of add-ons (each counted once). */
export function reossPricing(tierId: ReossTierId, addonIds: readonly ReossAddonId[]): ReossPricing {
  const tier = reossTierById(tierId);
  const selected = [...new Set(addonIds)].map(reossAddonById);
  const monthlyAddons = selected.filter((a) => a.billing === 'monthly').reduce((s, a) => s + a.priceCents, 0);
  const oneTime = selected.filter((a) => a.billing === 'one_time').reduce((s, a) => s + a.priceCents, 0);
  const total = tier.priceCents + monthlyAddons;
  return {
    monthlyBase: tier.priceCents,
    annualBase: annualDiscountedCents(tier.priceCents),
    addons: monthlyAddons,
    oneTime,
    total,
    annualTotal: annualDiscountedCents(total) + oneTime,
    seats: tier.seats,
  };
}

const cents = z.number().int().nonnegative();

export const reossCheckoutSchema = z.object({
  tier: z.enum(reossTierIds),
  addons: z.array(z.enum(reossAddonIds)).max(reossAddonIds.length),
  /** What the browser showed, in cents; the server recomputes it and refuses a body that disagrees. */
  pricing: z.object({
    monthlyBase: cents,
    annualBase: cents,
    addons: cents,
    total: cents,
    annualTotal: cents,
    seats: z.number().int().positive(),
  }),
});
export type ReossCheckoutBody = z.infer<typeof reossCheckoutSchema>;
