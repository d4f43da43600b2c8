import { PageLoader } from '@client/components/page-loader';
import { useWebsites } from '@client/features/websites';
import { toastError } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import { useLingui } from '@lingui/react/macro';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ComingLaterPanel } from './coming-later-panel';
import { DashboardHeader } from './dashboard-header';
import { DashboardSidebar } from './dashboard-sidebar';
import {
  type DashboardTabId,
  dashboardHref,
  dashboardTabLabel,
  parseDashboardLocation,
} from './dashboard-tabs';
import { tabPanels } from './tab-panels';

/** Spec 001: a signed-out visitor is told, then sent to sign in after this delay. */
const signInRedirectDelayMs = 500;

export function DashboardPage() {
  const { user, isLoading } = useAuth();
  const { t } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  const { tab: activeTab, siteId } = parseDashboardLocation(search);
  const websites = useWebsites({ enabled: Boolean(user) });
  // Only a website of this workspace counts as selected (a stale or edited ?site= selects nothing).
  const selectedWebsiteId = websites.data?.some((site) => site.id === siteId) ? siteId : null;
  const [isSidebarOpen, setIsSidebarOpen] = useState(false);

  useEffect(() => {
    if (isLoading || user) return;
    toastError(t`Unauthorized`, null, t`You are logged out. Logging in again...`);
    const timer = setTimeout(() => {
      window.location.href = '/api/login';
    }, signInRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [isLoading, user, t]);

  const selectTab = useCallback(
    (tab: DashboardTabId, options: { open?: string } = {}) => {
      navigate(dashboardHref({ tab, siteId: selectedWebsiteId, open: options.open }));
      setIsSidebarOpen(false);
    },
    [navigate, selectedWebsiteId],
  );
  // Spec 000 §2.3: clicking the active site again deselects it.
  const selectWebsite = (id: number) =>
    navigate(dashboardHref({ tab: activeTab, siteId: id === selectedWebsiteId ? null : id }));

  if (isLoading || !user) return <PageLoader />;

  const Panel = tabPanels[activeTab];
  return (
    <div className="flex min-h-screen bg-background">
      <DashboardSidebar
        user={user}
        activeTab={activeTab}
        onSelectTab={selectTab}
        selectedWebsiteId={selectedWebsiteId}
        onSelectWebsite={selectWebsite}
        isOpen={isSidebarOpen}
        onClose={() => setIsSidebarOpen(false)}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <DashboardHeader
          tabLabel={dashboardTabLabel(activeTab)}
          workspaceName={user.workspace.name}
          onOpenSidebar={() => setIsSidebarOpen(true)}
        />
        <main className="flex-1 p-4 sm:p-6 lg:p-8">
          {Panel ? (
            <Suspense fallback={<PageLoader />}>
              <Panel selectedWebsiteId={selectedWebsiteId} onNavigate={selectTab} />
            </Suspense>
          ) : (
            <ComingLaterPanel tabLabel={dashboardTabLabel(activeTab)} onBack={() => selectTab('dashboard')} />
          )}
        </main>
      </div>
    </div>
  );
}
