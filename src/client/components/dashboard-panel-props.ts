/**
 * What the dashboard shell hands every tab panel. It lives here, not in the dashboard feature, because the
 * features whose panels the dashboard shows need the type and features do not import each other for a type.
 */

/** Every tab of the dashboard (spec 000 §2.3, 001 "Main dashboard page"); the active one lives in ?tab=. */
export const dashboardTabIds = [
  'dashboard',
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
  'backup',
  'succession',
  'settings',
] as const;
export type DashboardTabId = (typeof dashboardTabIds)[number];

/** What the shell hands every panel; a panel may ignore it. */
export interface DashboardPanelProps {
  /** The website chosen in the sidebar's Websites group, or null for all websites. */
  selectedWebsiteId: number | null;
  /** Its name, for the line that says a panel is filtered to it (SelectedSiteNote). */
  selectedWebsiteName: string | null;
  /**
   * Switches the dashboard to another tab (e.g. a quick action opening the content tab); `open` asks that
   * screen to open one of its dialogs (`add-website`).
   */
  onNavigate: (tab: DashboardTabId, options?: { open?: string }) => void;
}
