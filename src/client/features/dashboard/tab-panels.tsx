import type { DashboardPanelProps, DashboardTabId } from '@client/components/dashboard-panel-props';
import type { ComponentType, LazyExoticComponent } from 'react';

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
