import { PageLoader } from '@client/components/page-loader';
import { useSelectedWebsite } from '@client/features/websites';
import { toastError } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import { useLingui } from '@lingui/react/macro';
import { Suspense, useCallback, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AppShell } from './app-shell';
import { ComingLaterPanel } from './coming-later-panel';
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
  const selectedWebsite = useSelectedWebsite(siteId);
  const selectedWebsiteId = selectedWebsite?.id ?? null;

  useEffect(() => {
    if (isLoading || user) return;
    toastError(t`Unauthorized`, null, t`You are logged out. Logging in again...`);
    const timer = setTimeout(() => {
      window.location.href = '/api/login';
    }, signInRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [isLoading, user, t]);

  const selectTab = useCallback(
    (tab: DashboardTabId, options: { open?: string } = {}) =>
      navigate(dashboardHref({ tab, siteId: selectedWebsiteId, open: options.open })),
    [navigate, selectedWebsiteId],
  );

  if (isLoading || !user) return <PageLoader />;

  const Panel = tabPanels[activeTab];
  return (
    <AppShell>
      <main className="flex-1 p-4 sm:p-6 lg:p-8">
        {Panel ? (
          <Suspense fallback={<PageLoader />}>
            <Panel
              selectedWebsiteId={selectedWebsiteId}
              selectedWebsiteName={selectedWebsite?.name ?? null}
              onNavigate={selectTab}
            />
          </Suspense>
        ) : (
          <ComingLaterPanel tabLabel={dashboardTabLabel(activeTab)} onBack={() => selectTab('dashboard')} />
        )}
      </main>
    </AppShell>
  );
}
