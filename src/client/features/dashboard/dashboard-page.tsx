import { PageLoader } from '@client/components/page-loader';
import { toast } from '@client/components/ui/use-toast';
import { useAuth } from '@client/lib/use-auth';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ComingLaterPanel } from './coming-later-panel';
import { DashboardHeader } from './dashboard-header';
import { DashboardSidebar } from './dashboard-sidebar';
import { type DashboardTabId, dashboardTabLabel, parseDashboardTab } from './dashboard-tabs';
import { tabPanels } from './tab-panels';

/** Spec 001: a signed-out visitor is told, then sent to sign in after this delay. */
const signInRedirectDelayMs = 500;

export function DashboardPage() {
  const { user, isLoading } = useAuth();
  const search = useSearch();
  const [, navigate] = useLocation();
  const activeTab = parseDashboardTab(new URLSearchParams(search).get('tab'));
  const [selectedWebsiteId, setSelectedWebsiteId] = useState<number | null>(null);
  const [isSidebarOpen, setIsSidebarOpen] = useState(false);

  useEffect(() => {
    if (isLoading || user) return;
    toast({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    const timer = setTimeout(() => {
      window.location.href = '/api/login';
    }, signInRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [isLoading, user]);

  const selectTab = useCallback(
    (tab: DashboardTabId) => {
      navigate(tab === 'dashboard' ? '/dashboard' : `/dashboard?tab=${tab}`);
      setIsSidebarOpen(false);
    },
    [navigate],
  );

  if (isLoading || !user) return <PageLoader />;

  const Panel = tabPanels[activeTab];
  return (
    <div className="flex min-h-screen bg-background">
      <DashboardSidebar
        user={user}
        activeTab={activeTab}
        onSelectTab={selectTab}
        selectedWebsiteId={selectedWebsiteId}
        onSelectWebsite={(id) => setSelectedWebsiteId((current) => (current === id ? null : id))}
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
