import { OfflineBanner } from '@client/components/offline-banner';
import { InAppShell } from '@client/components/site-header';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { RestoredWorkspaceBanner } from '@client/features/backups';
import { useSelectedWebsite } from '@client/features/websites';
import { useAuth } from '@client/lib/use-auth';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DashboardHeader } from './dashboard-header';
import { DashboardSidebar } from './dashboard-sidebar';
import { dashboardHref, dashboardTabLabel, parseDashboardLocation } from './dashboard-tabs';
import { screenHref, screenOf } from './screen-links';

/** The command palette's code (cmdk, the searches) loads on its first opening, not with the shell. */
const loadCommandPalette = () => import('./command-palette');
const CommandPalette = lazy(() => loadCommandPalette().then((m) => ({ default: m.CommandPalette })));

/**
 * The frame of every signed-in screen: the dashboard's sidebar (its tabs, the websites, the added
 * Marketing and Operations groups), the header with the language menu, and the screen. The sidebar's
 * website filters the dashboard and the screens with per-site data; choosing one elsewhere opens the
 * dashboard filtered by it.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const isDashboard = path === '/dashboard';
  const screen = screenOf(path);
  // The dashboard and the screens with per-site data carry the sidebar's website in their URL.
  const { tab, siteId } = parseDashboardLocation(isDashboard || screen?.perSite ? search : '');
  const selectedWebsiteId = useSelectedWebsite(siteId)?.id ?? null;
  const [isSidebarOpen, setIsSidebarOpen] = useState(false);
  // The phone drawer closes on any move, a link's or the browser's back button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is what the effect reacts to.
  useEffect(() => setIsSidebarOpen(false), [path, search]);
  const palette = useCommandPaletteState();

  if (!user) return null;
  // Spec 000 §2.3: clicking the active site again deselects it.
  const selectWebsite = (id: number) => {
    const next = id === selectedWebsiteId ? null : id;
    navigate(
      screen?.perSite
        ? screenHref(screen, next)
        : dashboardHref({ tab: isDashboard ? tab : 'dashboard', siteId: next }),
    );
  };
  const heading: MessageDescriptor = isDashboard ? dashboardTabLabel(tab) : (screen?.label ?? msg`Dashboard`);
  // The sidebar's tooltips share one provider (one delay); public pages have none (issue 31).
  return (
    <TooltipProvider>
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
            onOpenSearch={() => palette.setOpen(true)}
            onPrepareSearch={loadCommandPalette}
          />
          <OfflineBanner />
          <RestoredWorkspaceBanner />
          <InAppShell>{children}</InAppShell>
        </div>
        {palette.hasOpened && (
          <Suspense fallback={null}>
            <CommandPalette open={palette.isOpen} onOpenChange={palette.setOpen} siteId={selectedWebsiteId} />
          </Suspense>
        )}
      </div>
    </TooltipProvider>
  );
}

/** Ctrl-K (Cmd-K on a Mac) opens and closes the palette from anywhere in the shell. */
function useCommandPaletteState() {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const setOpen = (open: boolean) => {
    setIsOpen(open);
    if (open) setHasOpened(true);
  };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() !== 'k' ||
        !(event.ctrlKey || event.metaKey) ||
        event.altKey ||
        event.shiftKey
      )
        return;
      event.preventDefault();
      setHasOpened(true);
      setIsOpen((open) => !open);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return { isOpen, hasOpened, setOpen };
}
