import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { AnalyticsPanel } from '../analytics';
import type { DashboardTabId } from './dashboard-tabs';

/** What the shell hands every panel; a panel may ignore it. */
export interface DashboardPanelProps {
  /** The website chosen in the sidebar's Websites group, or null for all websites. */
  selectedWebsiteId: number | null;
  /**
   * Switches the dashboard to another tab (e.g. a quick action opening the content tab); `open` asks that
   * screen to open one of its dialogs (`add-website`).
   */
  onNavigate: (tab: DashboardTabId, options?: { open?: string }) => void;
}

type Panel = LazyExoticComponent<ComponentType<DashboardPanelProps>>;

/**
 * The panel shown for each dashboard tab, loaded on first use. Add yours with ONE line:
 *   crm: lazy(() => import('../contacts/crm-panel').then((m) => ({ default: m.CrmPanel }))),
 * A tab without an entry shows the shell's "coming in a later release" state.
 */
export const tabPanels: Partial<Record<DashboardTabId, Panel>> = {
  dashboard: lazy(() => import('./overview-panel').then((m) => ({ default: m.OverviewPanel }))),
  settings: lazy(() => import('../settings/settings-panel').then((m) => ({ default: m.SettingsPanel }))),
  'iphone-sync': lazy(() =>
    import('../phone-sync/iphone-sync-panel').then((m) => ({ default: m.IphoneSyncPanel })),
  ),
  payments: lazy(() => import('../payments/payments-panel').then((m) => ({ default: m.PaymentsPanel }))),
  pricing: lazy(() => import('../pricing/pricing-tab-panel').then((m) => ({ default: m.PricingTabPanel }))),
  // ↓ Feature panels: content, crm, user-integration, data-collection, cross-sales, iphone-sync, payments,
  //   automation, analytics, pricing, backup, succession
  crm: lazy(() => import('../contacts/crm-panel').then((m) => ({ default: m.CrmPanel }))),
  analytics: AnalyticsPanel,
  automation: lazy(() =>
    import('../automation/automation-panel').then((m) => ({ default: m.AutomationPanel })),
  ),
};

/** True when the tab has a panel in this release (quick actions leading to a missing one are disabled). */
export function hasTabPanel(tab: DashboardTabId): boolean {
  return tabPanels[tab] !== undefined;
}
