import type { ComponentType, LazyExoticComponent } from 'react';
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

export type TabPanel = LazyExoticComponent<ComponentType<DashboardPanelProps>>;

/**
 * The panel shown for each dashboard tab, loaded on first use. The composition layer fills it
 * (src/client/app/dashboard-panels.ts) before the first render, so the dashboard never imports the features
 * whose panels it shows. A tab without an entry shows the shell's "coming in a later release" state.
 */
export const tabPanels: Partial<Record<DashboardTabId, TabPanel>> = {};

export function registerTabPanels(panels: Partial<Record<DashboardTabId, TabPanel>>): void {
  Object.assign(tabPanels, panels);
}

/** True when the tab has a panel in this release (quick actions leading to a missing one are disabled). */
export function hasTabPanel(tab: DashboardTabId): boolean {
  return tabPanels[tab] !== undefined;
}
