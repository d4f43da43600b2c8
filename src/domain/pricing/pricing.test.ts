import { describe, expect, it } from 'vitest';
import { addonById, addons } from './addons.js';
import { annualDiscountedCents } from './annual.js';
import { bundleSavingsCents, bundles } from './bundles.js';
import {
  belowIndustryPercent,
  competitorPriceDollars,
  competitorSavingsDollars,
  displayPriceDollars,
  pricingClaims,
} from './card-provider.js';
import { charitableDonationCents, charityFigures, netProfitCents } from './charity.js';
import { customPackageTotalCents } from './custom-package.js';
import { ecosystemBundleSavingsPercent } from './ecosystem-bundle.js';
import {
  type IndustryCode,
  localAddonsDisplayMonthlyCents,
  localBusinessPricing,
  localMonthlyBaseCents,
  noLocalAddons,
  zipCodeCount,
  zipFeeCents,
  zipFeeHint,
} from './local-business.js';
import { formatDollars } from './money.js';
import { basePlans, planById } from './plans.js';
import { type ReossAddonId, type ReossTierId, reossPricing } from './reoss.js';
import { percentChange } from './revenue.js';

describe('base plans, add-ons and bundles (spec 000 §9)', () => {
  it.each([
    ['starter', 4900],
    ['professional', 14900],
    ['enterprise', 39900],
  ] as const)('%s costs %i cents a month', (id, cents) => {
    expect(planById(id).priceCents).toBe(cents);
  });

  it('marks only Professional popular and Enterprise as Contact Sales', () => {
    expect(basePlans.filter((p) => p.popular).map((p) => p.id)).toEqual(['professional']);
    expect(planById('enterprise').cta).toBe('Contact Sales');
  });

  it.each([
    ['training-hub', 'Training Hub', 8900],
    ['lead-engine', 'Lead Engine', 19900],
    ['real-estate-toolkit', 'Real Estate Toolkit', 12900],
    ['business-process-hub', 'Business Process Hub', 16900],
  ] as const)('add-on %s is %s at %i cents', (id, name, cents) => {
    expect(addonById(id)).toMatchObject({ name, priceCents: cents });
  });

  it.each([
    ['Entrepreneur Starter', 54300, 39700, 14600],
    ['Professional Success', 114000, 79700, 34300],
    ['Enterprise Command', 198500, 149700, 48800],
  ])('bundle %s: %i -> %i saves %i', (name, original, bundle, savings) => {
    const b = bundles.find((x) => x.name === name);
    expect(b).toMatchObject({ originalPriceCents: original, bundlePriceCents: bundle });
    expect(b && bundleSavingsCents(b)).toBe(savings);
  });
});

describe('custom package total = plan + selected add-ons', () => {
  it.each([
    ['starter', [], 4900],
    ['professional', [], 14900],
    ['professional', ['training-hub'], 23800],
    ['enterprise', ['lead-engine', 'business-process-hub'], 39900 + 19900 + 16900],
    ['starter', ['training-hub', 'lead-engine', 'real-estate-toolkit', 'business-process-hub'], 4900 + 58600],
    ['professional', ['training-hub', 'training-hub'], 23800],
  ] as const)('%s + %j = %i', (plan, ids, total) => {
    expect(customPackageTotalCents(plan, ids)).toBe(total);
  });
  it('sums every add-on once', () => {
    expect(addons.reduce((s, a) => s + a.priceCents, 0)).toBe(58600);
  });
});

describe('annual price = monthly x 12 x 0.9, rounded to dollars', () => {
  it.each([
    [9900, 106900], // 1069.2
    [29900, 322900], // 3229.2
    [59900, 646900], // 6469.2
    [99900, 1078900], // 10789.2
    [4400, 47500], // 475.2
    [6300, 68000], // 680.4
    [12500, 135000], // 1350 exactly
    [4167, 45000], // 450.036
    [0, 0],
  ])('%i cents a month -> %i cents a year', (monthly, annual) => {
    expect(annualDiscountedCents(monthly)).toBe(annual);
  });
  it('rounds a half dollar up', () => {
    // 1250 cents x 10.8 = 13500 -> exact; 625 x 10.8 = 6750 cents = $67.50 -> $68
    expect(annualDiscountedCents(625)).toBe(6800);
  });
});

describe('REOSS tiers and add-ons', () => {
  const tiers: [ReossTierId, number, number][] = [
    ['basic', 9900, 1],
    ['pro', 29900, 3],
    ['team', 59900, 10],
    ['brokerage', 99900, 25],
  ];
  const addonCases: [ReossAddonId[], number, number][] = [
    [[], 0, 0],
    [['soulscan_branding'], 4900, 0],
    [['givebackpro_badge'], 9900, 0],
    [['lead_bundle'], 19900, 0],
    [['kvcore_setup'], 0, 35000],
    [['soulscan_branding', 'givebackpro_badge', 'lead_bundle', 'kvcore_setup'], 34700, 35000],
  ];
  for (const [tier, price, seats] of tiers) {
    for (const [ids, monthlyAddons, oneTime] of addonCases) {
      it(`${tier} with ${ids.join('+') || 'no add-ons'}`, () => {
        const p = reossPricing(tier, ids);
        const total = price + monthlyAddons;
        expect(p).toEqual({
          monthlyBase: price,
          annualBase: Math.round((price / 100) * 12 * 0.9) * 100,
          addons: monthlyAddons,
          oneTime,
          total,
          annualTotal: Math.round((total / 100) * 12 * 0.9) * 100 + oneTime,
          seats,
        });
      });
    }
  }
  it('adds the kvCORE setup after the discount, undiscounted', () => {
    // pro: 299 x 12 x 0.9 = 3229.2 -> 3229, + 350 = 3579
    expect(reossPricing('pro', ['kvcore_setup']).annualTotal).toBe(357900);
    expect(reossPricing('pro', ['kvcore_setup']).total).toBe(29900);
  });
});

describe('local business calculator', () => {
  it.each([
    ['directory', 4400],
    ['ai_recommended', 11400],
    ['referral_tracked', 34900],
  ] as const)('exposure %s has base %i with the default industry', (level, cents) => {
    expect(localMonthlyBaseCents(level)).toBe(cents);
  });

  const multiplierCases: [IndustryCode, number, number, number][] = [
    // base rounded after multiplying: directory 44, ai_recommended 114, referral_tracked 349
    ['real_estate', 8800, 22800, 69800],
    ['automotive', 7900, 20500, 62800], // 79.2, 205.2, 628.2
    ['retail', 5700, 14800, 45400], // 57.2, 148.2, 453.7
    ['wellness', 4800, 12500, 38400], // 48.4, 125.4, 383.9
    ['nonprofit', 3300, 8600, 26200], // 33, 85.5 -> 86, 261.75
    ['other', 4400, 11400, 34900],
  ];
  it.each(multiplierCases)('industry %s: %i / %i / %i', (industry, d, a, r) => {
    expect(localMonthlyBaseCents('directory', industry)).toBe(d);
    expect(localMonthlyBaseCents('ai_recommended', industry)).toBe(a);
    expect(localMonthlyBaseCents('referral_tracked', industry)).toBe(r);
  });

  it.each([
    ['', 1],
    ['90210', 1],
    ['90210,10001', 2],
    ['1,2,3,4,5', 5],
    ['1,2,3,4,5,6', 6],
    ['1,2,3,4,5,6,7,8,9,10', 10],
    ['1,2,3,4,5,6,7,8,9,10,11', 11],
  ])('ZIP text %j counts %i', (text, count) => {
    expect(zipCodeCount(text)).toBe(count);
  });

  it.each([
    [0, 0],
    [1, 0],
    [2, 1900],
    [5, 1900],
    [6, 4900],
    [10, 4900],
    [11, 9900],
  ])('%i ZIP codes cost %i cents a month', (count, fee) => {
    expect(zipFeeCents(count)).toBe(fee);
  });

  it('keeps the hint that differs from the rule at one ZIP code', () => {
    expect(zipFeeHint).toContain('+$19 for 1-5');
    expect(zipFeeCents(1)).toBe(0);
  });

  it('stores add-ons yearly, shows them monthly, and leaves the Co-Branded Page out of the total', () => {
    const p = localBusinessPricing({
      exposureLevel: 'ai_recommended',
      zipCodes: '90210,10001,60601',
      addons: { lumaraShoutouts: true, autoMatchCrm: true, coBrandedPage: true, placementBoost: true },
    });
    expect(p.addons).toBe((2900 + 5900 + 7900) * 12);
    expect(localAddonsDisplayMonthlyCents(p.addons)).toBe(16700);
    expect(p.zipFees).toBe(1900);
    expect(p.total).toBe(11400 + 16700 + 1900);
    expect(p.annualTotal).toBe(annualDiscountedCents(30000));
    expect(p.annualBase).toBe(123100); // 114 x 10.8 = 1231.2
  });

  it('applies the industry multiplier sent in naicsCode', () => {
    const p = localBusinessPricing({
      exposureLevel: 'directory',
      zipCodes: '',
      naicsCode: 'nonprofit',
      addons: noLocalAddons,
    });
    expect(p).toEqual({
      monthlyBase: 3300,
      annualBase: 35600,
      addons: 0,
      zipFees: 0,
      total: 3300,
      annualTotal: 35600,
    });
  });
});

describe('card-provider display math', () => {
  it.each([
    // cents, price, competitor, savings
    [4900, 49, 54, 5],
    [14900, 149, 165, 16],
    [39900, 399, 443, 44],
    [8900, 89, 99, 10],
    [5000, 50, 56, 6], // 55.5 rounds up
    [1999, 19.99, 22, 2.01],
  ])('%i cents', (cents, price, competitor, savings) => {
    expect(displayPriceDollars(cents)).toBe(price);
    expect(competitorPriceDollars(cents)).toBe(competitor);
    expect(competitorSavingsDollars(cents)).toBeCloseTo(savings, 10);
  });

  it("states one 'below industry average' figure for the banner and every card", () => {
    expect(belowIndustryPercent).toBe(10);
    expect(pricingClaims[0]).toBe('10% below industry average');
  });
});

describe('charity: net profit 67% of gross, donation 20% of net', () => {
  it.each([
    [14900, 9983, 1997],
    [4900, 3283, 657],
    [39900, 26733, 5347],
    [99700, 66799, 13360],
    [0, 0, 0],
  ])('gross %i -> net %i, donation %i', (gross, net, donation) => {
    expect(netProfitCents(gross)).toBe(net);
    expect(charitableDonationCents(gross)).toBe(donation);
  });
  it('annual figures are the monthly ones x 12', () => {
    const f = charityFigures(14900);
    expect(f.annual).toEqual({
      grossRevenueCents: 178800,
      netProfitCents: 119796,
      charitableDonationCents: 23964,
    });
  });
});

describe('ecosystem bundle savings percent = round((1 - 997 / total) x 100)', () => {
  it.each([
    [99700, 0],
    [199400, 50],
    [300000, 67],
    [500000, 80],
    [0, 0],
  ])('total %i -> %i%%', (total, percent) => {
    expect(ecosystemBundleSavingsPercent(total)).toBe(percent);
  });
});

describe('formatDollars', () => {
  it.each([
    [14900, '$149'],
    [149700, '$1,497'],
    [1997, '$19.97'],
    [0, '$0'],
  ])('%i -> %s', (cents, text) => {
    expect(formatDollars(cents)).toBe(text);
  });
});

describe('percent change versus last month', () => {
  it.each([
    [15000, 10000, 50],
    [10000, 15000, -33.3],
    [10000, 10000, 0],
    [0, 10000, -100],
    [5000, 0, null],
    [0, 0, null],
  ])('%i vs %i -> %s', (current, previous, change) => {
    expect(percentChange(current, previous)).toBe(change);
  });
});
