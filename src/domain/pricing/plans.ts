/** Base plans (spec 000 §9, 001 §9). Prices in integer cents; limits are enforced by the server. */
export const planIds = ['starter', 'professional', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

export interface BasePlan {
  id: PlanId;
  name: string;
  priceCents: number;
  period: 'month';
  features: string[];
  limits: { contacts: number | null; users: number | null; storageGb: number | null };
  popular: boolean;
  cta: string;
}

/** Spec 000 §9: Enterprise is bought through sales, so its call to action is this, on every screen. */
export const contactSalesCta = /*i18n*/ 'Contact Sales';

export const basePlans: readonly BasePlan[] = [
  {
    id: 'starter',
    name: /*i18n*/ 'Starter',
    priceCents: 4900,
    period: 'month',
    features: [
      /*i18n*/ 'Up to 1,000 contacts',
      /*i18n*/ 'Basic CRM',
      /*i18n*/ 'Email integration',
      /*i18n*/ 'Mobile app',
      /*i18n*/ 'Standard support',
    ],
    limits: { contacts: 1000, users: 2, storageGb: 1 },
    popular: false,
    cta: /*i18n*/ 'Start Free Trial',
  },
  {
    id: 'professional',
    name: /*i18n*/ 'Professional',
    priceCents: 14900,
    period: 'month',
    features: [
      /*i18n*/ 'Up to 10,000 contacts',
      /*i18n*/ 'Marketing campaigns',
      /*i18n*/ 'Custom reporting',
      /*i18n*/ 'API access',
      /*i18n*/ 'Priority support',
    ],
    limits: { contacts: 10000, users: 10, storageGb: 10 },
    popular: true,
    cta: /*i18n*/ 'Start Free Trial',
  },
  {
    id: 'enterprise',
    name: /*i18n*/ 'Enterprise',
    priceCents: 39900,
    period: 'month',
    features: [
      /*i18n*/ 'Unlimited contacts',
      /*i18n*/ 'White-label',
      /*i18n*/ 'Custom integrations',
      /*i18n*/ 'Advanced security',
      /*i18n*/ 'Dedicated manager',
      /*i18n*/ '24/7 support',
    ],
    limits: { contacts: null, users: null, storageGb: null },
    popular: false,
    cta: contactSalesCta,
  },
];

export function planById(id: PlanId): BasePlan {
  const plan = basePlans.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

/** Plans whose workspaces may use API keys: 'API access' comes with Professional and everything above it. */
export const plansWithApiAccess: readonly PlanId[] = ['professional', 'enterprise'];
/** A plan sold by talking to sales: its call to action is 'Contact Sales', never a trial or a checkout. */
export function isSalesLedPlan(id: PlanId): boolean {
  return planById(id).cta === contactSalesCta;
}
