import { type DashboardTabId, dashboardTabIds } from '@client/components/dashboard-panel-props';
import { siteIdOf } from '@client/features/websites';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  Archive,
  BarChart3,
  Bot,
  CreditCard,
  Database,
  DollarSign,
  FileText,
  LayoutDashboard,
  type LucideIcon,
  Settings,
  Shuffle,
  Smartphone,
  UserPlus,
  Users,
  Workflow,
} from 'lucide-react';

export { type DashboardTabId, dashboardTabIds };

export interface DashboardTab {
  id: DashboardTabId;
  /** Shown through `i18n._`: the spec's English is the source message. */
  label: MessageDescriptor;
  icon: LucideIcon;
  group: 'main' | 'management' | 'legacy' | 'account';
}

export const dashboardTabs: readonly DashboardTab[] = [
  { id: 'dashboard', label: msg`Dashboard`, icon: LayoutDashboard, group: 'main' },
  { id: 'content', label: msg`Content & SEO`, icon: FileText, group: 'management' },
  { id: 'crm', label: msg`CRM`, icon: Users, group: 'management' },
  { id: 'user-integration', label: msg`User Integration`, icon: UserPlus, group: 'management' },
  { id: 'data-collection', label: msg`Data Collection`, icon: Database, group: 'management' },
  { id: 'cross-sales', label: msg`Cross-Sales`, icon: Shuffle, group: 'management' },
  { id: 'iphone-sync', label: msg`iPhone Sync`, icon: Smartphone, group: 'management' },
  { id: 'payments', label: msg`Payments`, icon: CreditCard, group: 'management' },
  { id: 'automation', label: msg`Automation`, icon: Bot, group: 'management' },
  { id: 'analytics', label: msg`Analytics`, icon: BarChart3, group: 'management' },
  { id: 'pricing', label: msg`Pricing`, icon: DollarSign, group: 'management' },
  { id: 'backup', label: msg`Backup`, icon: Archive, group: 'legacy' },
  { id: 'succession', label: msg`Succession`, icon: Workflow, group: 'legacy' },
  { id: 'settings', label: msg`Settings`, icon: Settings, group: 'account' },
];

/** Spec: an unknown (or missing) tab falls back to the dashboard. */
export function parseDashboardTab(value: string | null | undefined): DashboardTabId {
  return dashboardTabIds.find((id) => id === value) ?? 'dashboard';
}

export function dashboardTabLabel(id: DashboardTabId): MessageDescriptor {
  return (dashboardTabs.find((tab) => tab.id === id) ?? dashboardTabs[0]).label;
}

/** What the dashboard's URL holds: the tab, the website chosen in the sidebar, and a one-off intent. */
export interface DashboardLocation {
  tab: DashboardTabId;
  /** The sidebar's selected website (`?site=2`), kept across tabs and reloads. */
  siteId: number | null;
  /** `?open=add-website`: the screen opens its add dialog (the empty dashboard's 'Add a website'). */
  open: string | null;
}

export function parseDashboardLocation(search: string): DashboardLocation {
  const params = new URLSearchParams(search);
  return {
    tab: parseDashboardTab(params.get('tab')),
    siteId: siteIdOf(search),
    open: params.get('open'),
  };
}

/** The URL of a dashboard location; the default tab and empty parts are left out. */
export function dashboardHref({ tab, siteId, open }: Partial<DashboardLocation>): string {
  const params = new URLSearchParams();
  if (tab && tab !== 'dashboard') params.set('tab', tab);
  if (siteId) params.set('site', String(siteId));
  if (open) params.set('open', open);
  const search = params.toString();
  return search ? `/dashboard?${search}` : '/dashboard';
}
