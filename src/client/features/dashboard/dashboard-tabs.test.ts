import { describe, expect, it } from 'vitest';
import { dashboardHref, dashboardTabs, parseDashboardLocation, parseDashboardTab } from './dashboard-tabs';

describe('parseDashboardTab', () => {
  it('keeps a known tab and falls back to the dashboard otherwise', () => {
    expect(parseDashboardTab('crm')).toBe('crm');
    expect(parseDashboardTab('iphone-sync')).toBe('iphone-sync');
    expect(parseDashboardTab('nope')).toBe('dashboard');
    expect(parseDashboardTab(null)).toBe('dashboard');
  });

  it('lists the Management group in the order of spec 000 §2.3 plus pricing', () => {
    expect(dashboardTabs.filter((t) => t.group === 'management').map((t) => t.id)).toEqual([
      'content',
      'crm',
      'user-integration',
      'data-collection',
      'cross-sales',
      'iphone-sync',
      'payments',
      'automation',
      'analytics',
      'pricing',
    ]);
    expect(dashboardTabs.filter((t) => t.group === 'legacy').map((t) => t.id)).toEqual([
      'backup',
      'succession',
    ]);
  });
});

describe('dashboard location in the URL', () => {
  it('keeps the selected website next to the tab, so a reload keeps both', () => {
    expect(parseDashboardLocation('?tab=crm&site=2')).toEqual({ tab: 'crm', siteId: 2, open: null });
    expect(dashboardHref({ tab: 'crm', siteId: 2 })).toBe('/dashboard?tab=crm&site=2');
    expect(dashboardHref({ tab: 'dashboard', siteId: 3 })).toBe('/dashboard?site=3');
    expect(dashboardHref({ tab: 'dashboard', siteId: null })).toBe('/dashboard');
  });

  it('ignores a site that is not a positive whole number', () => {
    for (const bad of ['0', '-1', 'x', '1.5', '1e99', ''])
      expect(parseDashboardLocation(`?site=${bad}`).siteId, bad).toBeNull();
  });

  it('carries a one-off intent such as opening the add-website dialog', () => {
    const href = dashboardHref({ tab: 'settings', open: 'add-website' });
    expect(href).toBe('/dashboard?tab=settings&open=add-website');
    expect(parseDashboardLocation(href.split('?')[1]).open).toBe('add-website');
  });
});
