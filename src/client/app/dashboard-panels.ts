import type { DashboardPanelProps, DashboardTabId } from '@client/components/dashboard-panel-props';
import { AnalyticsPanel } from '@client/features/analytics';
import { AutomationPanel } from '@client/features/automation';
import { BackupPanel } from '@client/features/backups';
import { CrmPanel } from '@client/features/contacts';
import { ContentPanel } from '@client/features/content';
import { CrossSalesPanel } from '@client/features/cross-sales';
import { OverviewPanel, type TabPanel } from '@client/features/dashboard';
import { DataCollectionPanel, UserIntegrationPanel } from '@client/features/data-collection';
import { FormsAnalyticsCard } from '@client/features/forms';
import { PaymentsPanel } from '@client/features/payments';
import { IphoneSyncPanel } from '@client/features/phone-sync';
import { PricingTabPanel } from '@client/features/pricing';
import { SettingsPanel } from '@client/features/settings';
import { SuccessionPanel } from '@client/features/succession';
import { createElement, lazy } from 'react';
import { settingsSections } from './settings-sections';

/** The settings tab: the settings feature's panel with the sections this layer composes. */
const SettingsTab = lazy(async () => ({
  default: () => createElement(SettingsPanel, { sections: settingsSections }),
}));

/**
 * The content tab: the content studio's panel with the seo area's SEO Performance card. The seo index loads
 * with the tab: the deployment screen shares it, so a static import would add its chunk to the first paint.
 */
const ContentTab = lazy(async () => {
  const { SeoPerformanceCard } = await import('@client/features/seo');
  return {
    default: (props: DashboardPanelProps) =>
      createElement(ContentPanel, {
        ...props,
        seoCard: createElement(SeoPerformanceCard, { selectedWebsiteId: props.selectedWebsiteId }),
      }),
  };
});

/** The analytics tab: the analytics feature's panel with the forms area's card. */
const AnalyticsTab = lazy(async () => ({
  default: (props: DashboardPanelProps) =>
    createElement(AnalyticsPanel, { ...props, FormsCard: FormsAnalyticsCard }),
}));

/**
 * The panel of each dashboard tab; every one loads lazily from its feature's index. Add yours with ONE line:
 *   crm: CrmPanel,
 * A tab without an entry shows the shell's "coming in a later release" state.
 */
export const dashboardPanels: Partial<Record<DashboardTabId, TabPanel>> = {
  dashboard: OverviewPanel,
  settings: SettingsTab,
  'iphone-sync': IphoneSyncPanel,
  payments: PaymentsPanel,
  pricing: PricingTabPanel,
  crm: CrmPanel,
  analytics: AnalyticsTab,
  content: ContentTab,
  'user-integration': UserIntegrationPanel,
  'data-collection': DataCollectionPanel,
  'cross-sales': CrossSalesPanel,
  automation: AutomationPanel,
  backup: BackupPanel,
  succession: SuccessionPanel,
};
