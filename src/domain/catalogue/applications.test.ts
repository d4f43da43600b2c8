import { describe, expect, it } from 'vitest';
import { bundles } from '../pricing/bundles.js';
import {
  type Application,
  applicationByName,
  applicationCategories,
  applications,
  categoryFilterCounts,
  filterApplications,
  lifetimeLicenceMonths,
  matchesCategoryFilter,
} from './applications.js';

const sample = (category: Application['category']) => ({ category });

describe('category filters', () => {
  const list = [
    sample('brand-hub'),
    sample('certification'),
    sample('certification'),
    sample('entertainment-social'),
    sample('entertainment-spiritual'),
    sample('unified-command'),
  ];

  it('all matches every application, including categories without a filter button', () => {
    expect(filterApplications(list, 'all')).toHaveLength(6);
  });

  it('entertainment matches every category containing "entertainment"', () => {
    expect(filterApplications(list, 'entertainment').map((a) => a.category)).toEqual([
      'entertainment-social',
      'entertainment-spiritual',
    ]);
  });

  it('other filters match their category exactly', () => {
    expect(filterApplications(list, 'certification')).toHaveLength(2);
    expect(filterApplications(list, 'real-estate')).toEqual([]);
    expect(matchesCategoryFilter('entertainment-social', 'entertainment-spiritual')).toBe(false);
    expect(matchesCategoryFilter('brand-hub', 'brand')).toBe(false);
  });

  it('counts every filter button in the spec order', () => {
    expect(categoryFilterCounts(list).map((f) => [f.id, f.count])).toEqual([
      ['all', 6],
      ['brand-hub', 1],
      ['certification', 2],
      ['professional-tools', 0],
      ['lead-generation', 0],
      ['real-estate', 0],
      ['emotional-healing', 0],
      ['ai-assistant', 0],
      ['entertainment', 2],
    ]);
  });
});

describe('the application catalogue', () => {
  it('covers every category with unique ids', () => {
    expect(new Set(applications.map((a) => a.category))).toEqual(new Set(applicationCategories));
    expect(new Set(applications.map((a) => a.id)).size).toBe(applications.length);
  });

  it('has integer-cent prices, a lifetime licence of two years, and features and benefits for every app', () => {
    for (const a of applications) {
      expect(Number.isInteger(a.monthlyPrice) && a.monthlyPrice > 0).toBe(true);
      expect(a.lifetimePrice).toBe(a.monthlyPrice * lifetimeLicenceMonths);
      expect(a.features.length).toBeGreaterThan(0);
      expect(a.benefits.length).toBeGreaterThan(0);
    }
  });

  it("prices each bundle's original price as the sum of its applications", () => {
    for (const bundle of bundles) {
      const apps = bundle.apps.map((name) => applicationByName(name));
      expect(apps, bundle.name).not.toContain(undefined);
      expect(
        apps.reduce((sum, a) => sum + (a?.monthlyPrice ?? 0), 0),
        bundle.name,
      ).toBe(bundle.originalPriceCents);
    }
  });
});
