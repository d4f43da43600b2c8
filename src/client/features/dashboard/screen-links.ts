import { TaskCountBadge } from '@client/features/tasks';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  Activity,
  BarChart3,
  Boxes,
  Building2,
  ClipboardList,
  Contact,
  CopyCheck,
  Filter,
  Layers,
  LayoutDashboard,
  Link2,
  ListChecks,
  type LucideIcon,
  Megaphone,
  Rocket,
  Webhook,
} from 'lucide-react';
import type { ComponentType } from 'react';

/**
 * The signed-in screens beside the dashboard's tabs (spec 001 §2), in the two groups the sidebar adds to
 * the spec's: a new user finds campaigns and the operations console from every signed-in screen.
 */
export interface ScreenLink {
  path: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  group: 'marketing' | 'operations';
  /** A count the link shows beside its label (the tasks due). */
  badge?: ComponentType;
  /**
   * Holds per-site data (crawls and link fixes per website): the sidebar's website filters it as it does the
   * dashboard, so links to it keep `?site=`. Screens without per-site data (apps, monitors, webhooks, the
   * ecosystem) ignore the selection and say nothing of it.
   */
  perSite?: true;
}

export const screenLinks: readonly ScreenLink[] = [
  { path: '/marketing', label: msg`Campaigns`, icon: Megaphone, group: 'marketing' },
  { path: '/contacts', label: msg`Contacts`, icon: Contact, group: 'marketing' },
  { path: '/contacts/duplicates', label: msg`Duplicates`, icon: CopyCheck, group: 'marketing' },
  { path: '/companies', label: msg`Companies`, icon: Building2, group: 'marketing' },
  { path: '/tasks', label: msg`Tasks`, icon: ListChecks, group: 'marketing', badge: TaskCountBadge },
  { path: '/forms', label: msg`Lead forms`, icon: ClipboardList, group: 'marketing' },
  { path: '/reports', label: msg`Reports`, icon: BarChart3, group: 'marketing' },
  { path: '/reports/dashboards', label: msg`Dashboards`, icon: LayoutDashboard, group: 'marketing' },
  { path: '/segments', label: msg`Segments`, icon: Filter, group: 'marketing' },
  { path: '/techstack', label: msg`Tech Stack`, icon: Layers, group: 'operations' },
  { path: '/ecosystem', label: msg`Ecosystem`, icon: Boxes, group: 'operations' },
  { path: '/superhub', label: msg`Central Monitoring`, icon: Activity, group: 'operations' },
  { path: '/webhooks', label: msg`Webhooks`, icon: Webhook, group: 'operations' },
  { path: '/phase3', label: msg`Phase 3`, icon: Rocket, group: 'operations' },
  { path: '/deployment', label: msg`Link Fixes`, icon: Link2, group: 'operations', perSite: true },
];

/** The screen a signed-in path shows, for the shell's header (`/` is the tech stack too). */
export function screenOf(path: string): ScreenLink | undefined {
  return screenLinks.find((link) => link.path === (path === '/' ? '/techstack' : path));
}

/** A screen's link, keeping the sidebar's website where the screen has per-site data. */
export function screenHref(link: ScreenLink, siteId: number | null): string {
  return link.perSite && siteId ? `${link.path}?site=${siteId}` : link.path;
}
