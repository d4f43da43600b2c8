import { InAppShell } from '@client/components/site-header';
import { useWebsites } from '@client/features/websites';
import { useAuth } from '@client/lib/use-auth';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DashboardHeader } from './dashboard-header';
import { DashboardSidebar } from './dashboard-sidebar';
import { dashboardHref, dashboardTabLabel, parseDashboardLocation } from './dashboard-tabs';
import { screenOf } from './screen-links';

/**
 * The frame of every signed-in screen: the dashboard's sidebar (its tabs, the websites, the added
 * Marketing and Operations groups), the header with the language menu, and the screen. The sidebar's
 * website filters the dashboard, so choosing one elsewhere opens the dashboard filtered by it.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const isDashboard = path === '/dashboard';
  const { tab, siteId } = parseDashboardLocation(isDashboard ? search : '');
  const websites = useWebsites({ enabled: Boolean(user) });
  // Only a website of this workspace counts as selected (a stale or edited ?site= selects nothing).
  const selectedWebsiteId = websites.data?.some((site) => site.id === siteId) ? siteId : null;
  const [isSidebarOpen, setIsSidebarOpen] = useState(false);
  // The phone drawer closes on any move, a link's or the browser's back button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is what the effect reacts to.
  useEffect(() => setIsSidebarOpen(false), [path, search]);

  if (!user) return null;
  // Spec 000 §2.3: clicking the active site again deselects it.
  const selectWebsite = (id: number) =>
    navigate(
      dashboardHref({ tab: isDashboard ? tab : 'dashboard', siteId: id === selectedWebsiteId ? null : id }),
    );
  const heading: MessageDescriptor = isDashboard
    ? dashboardTabLabel(tab)
    : (screenOf(path)?.label ?? msg`Dashboard`);
  return (
    <div className="flex min-h-screen bg-background">
      <DashboardSidebar
        user={user}
        activeTab={isDashboard ? tab : null}
        activePath={path}
        selectedWebsiteId={selectedWebsiteId}
        onSelectWebsite={selectWebsite}
        isOpen={isSidebarOpen}
        onClose={() => setIsSidebarOpen(false)}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <DashboardHeader
          tabLabel={heading}
          workspaceName={user.workspace.name}
          onOpenSidebar={() => setIsSidebarOpen(true)}
          isPageHeading={isDashboard}
        />
        <InAppShell>{children}</InAppShell>
      </div>
    </div>
  );
}
