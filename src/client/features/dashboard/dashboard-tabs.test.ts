import { describe, expect, it } from 'vitest';
import { dashboardTabs, parseDashboardTab } from './dashboard-tabs';

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
