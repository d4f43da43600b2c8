import { BrandMark } from '@client/components/brand-logo';
import { QueryState } from '@client/components/query-state';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { clearOfflineReads } from '@client/features/mobile-app';
import { addWebsiteIntent, useWebsites } from '@client/features/websites';
import { apiRequest } from '@client/lib/api';
import { toastError } from '@client/lib/error-toast';
import type { CurrentUser } from '@client/lib/use-auth';
import { sidebarRoleLabel, userDisplayName, userInitials } from '@client/lib/user-display';
import { cn } from '@client/lib/utils';
import { hasRole } from '@domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { Globe, LogOut, type LucideIcon, X } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'wouter';
import { type DashboardTab, type DashboardTabId, dashboardHref, dashboardTabs } from './dashboard-tabs';
import { type ScreenLink, screenHref, screenLinks, screenOf } from './screen-links';

interface DashboardSidebarProps {
  user: CurrentUser;
  /** The dashboard's tab on /dashboard; null on the other signed-in screens. */
  activeTab: DashboardTabId | null;
  /** The path shown, so the screen's own link reads as the current page. */
  activePath: string;
  selectedWebsiteId: number | null;
  onSelectWebsite: (id: number) => void;
  /** On small screens the sidebar is a drawer; on large screens it is always shown. */
  isOpen: boolean;
  onClose: () => void;
}

/** The session ends first: offline it cannot, and the user is told so (their offline copy stays theirs). */
async function signOut() {
  await apiRequest('POST', '/api/logout');
  await clearOfflineReads();
  window.location.href = '/';
}

export function DashboardSidebar(props: DashboardSidebarProps) {
  const { user, activeTab, activePath, selectedWebsiteId, isOpen, onClose } = props;
  const { t, i18n } = useLingui();
  const tabsOf = (group: DashboardTab['group']) => dashboardTabs.filter((tab) => tab.group === group);
  // Real links: a middle-click opens the screen in a new tab, and assistive technology reads them as links.
  const item = (tab: DashboardTab) => (
    <SidebarLink
      key={tab.id}
      href={dashboardHref({ tab: tab.id, siteId: selectedWebsiteId })}
      icon={tab.icon}
      label={i18n._(tab.label)}
      isActive={tab.id === activeTab}
      onNavigate={onClose}
    />
  );
  const screensOf = (group: ScreenLink['group']) =>
    screenLinks
      .filter((link) => link.group === group)
      .map((link) => (
        <SidebarLink
          key={link.path}
          href={screenHref(link, selectedWebsiteId)}
          icon={link.icon}
          label={i18n._(link.label)}
          badge={link.badge}
          isActive={activeTab === null && screenOf(activePath) === link}
          onNavigate={onClose}
        />
      ));

  return (
    <>
      {isOpen && (
        <button
          type="button"
          aria-label={t`Close menu`}
          className="fixed inset-0 z-40 bg-black/40 lg:hidden"
          onClick={onClose}
        />
      )}
      <aside
        className={cn(
          'fixed inset-y-0 start-0 z-50 flex w-64 flex-col bg-sidebar text-sidebar-foreground transition-transform lg:sticky lg:top-0 lg:h-screen',
          // Closed, the phone drawer slides out past the start edge: the left in English, the right in Arabic.
          !isOpen && 'max-lg:-translate-x-full max-lg:rtl:translate-x-full',
        )}
        aria-label={t`Dashboard navigation`}
      >
        <div className="flex h-16 items-center gap-2 border-b border-sidebar-border px-5">
          {/* The brand leads home (the signed-in home is the tech stack), as the site header's does. */}
          <Link href="/" onClick={onClose} className="flex min-w-0 flex-1 items-center gap-2 rounded-md">
            <BrandMark />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-white">
                <Trans>Business Hub</Trans>
              </p>
              <p className="truncate text-xs text-sidebar-muted">{user.workspace.name}</p>
            </div>
          </Link>
          <Button
            variant="ghost"
            size="icon"
            className="text-sidebar-foreground hover:bg-sidebar-accent hover:text-white lg:hidden"
            onClick={onClose}
            aria-label={t`Close menu`}
          >
            <X />
          </Button>
        </div>

        <nav className="flex-1 space-y-5 overflow-y-auto px-3 py-4">
          <div className="space-y-1">{tabsOf('main').map(item)}</div>
          <SidebarGroup title={t`Websites`}>
            <WebsiteList {...props} />
          </SidebarGroup>
          <SidebarGroup title={t`Management`}>{tabsOf('management').map(item)}</SidebarGroup>
          <SidebarGroup title={t`Marketing`}>{screensOf('marketing')}</SidebarGroup>
          <SidebarGroup title={t`Operations`}>{screensOf('operations')}</SidebarGroup>
          <SidebarGroup title={t`Legacy`}>{tabsOf('legacy').map(item)}</SidebarGroup>
          <div className="space-y-1 border-t border-sidebar-border pt-4">{tabsOf('account').map(item)}</div>
        </nav>

        <div className="flex items-center gap-3 border-t border-sidebar-border p-4">
          <Avatar>
            {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
            <AvatarFallback>{userInitials(user)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-white" data-testid="sidebar-user-name">
              {userDisplayName(user)}
            </p>
            <p className="text-xs text-sidebar-muted" data-testid="sidebar-user-role">
              {i18n._(sidebarRoleLabel(user.role))}
            </p>
          </div>
          <Tooltip>
            <TooltipTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="text-sidebar-muted hover:bg-sidebar-accent hover:text-white"
                onClick={() => signOut().catch((error) => toastError(t`Could not sign out`, error))}
                aria-label={t`Sign out`}
              >
                <LogOut />
              </Button>
            </TooltipTrigger>
            <TooltipContent>
              <Trans>Sign out</Trans>
            </TooltipContent>
          </Tooltip>
        </div>
      </aside>
    </>
  );
}

function SidebarGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <p className="mb-1.5 px-3 text-[11px] font-semibold uppercase tracking-wider text-sidebar-muted">
        {title}
      </p>
      <div className="space-y-1">{children}</div>
    </div>
  );
}

function SidebarLink({
  href,
  icon: Icon,
  label,
  badge: Badge,
  isActive,
  onNavigate,
}: {
  href: string;
  icon: LucideIcon;
  label: string;
  badge?: ComponentType;
  isActive: boolean;
  onNavigate: () => void;
}) {
  return (
    <Link
      href={href}
      onClick={onNavigate}
      aria-current={isActive ? 'page' : undefined}
      className={cn(
        'flex w-full items-center gap-3 rounded-md px-3 py-1.5 text-sm transition-colors',
        isActive ? 'bg-primary text-primary-foreground' : 'hover:bg-sidebar-accent hover:text-white',
      )}
    >
      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span className="truncate">{label}</span>
      {Badge && <Badge />}
    </Link>
  );
}

function WebsiteList({ user, selectedWebsiteId, onSelectWebsite, onClose }: DashboardSidebarProps) {
  const websitesQuery = useWebsites();
  const websites = websitesQuery.data;
  if (!websites || websitesQuery.error)
    return (
      <QueryState
        query={websitesQuery}
        loading={
          <div className="space-y-2 px-3">
            <Skeleton className="h-5 w-full bg-sidebar-accent" />
            <Skeleton className="h-5 w-2/3 bg-sidebar-accent" />
          </div>
        }
        errorTitle={<Trans>Websites could not be loaded.</Trans>}
        // Light enough to read on the dark sidebar (offline, this is what the sidebar shows).
        errorClassName="px-3 text-xs [&_p]:text-red-300 [&_.text-muted-foreground]:text-sidebar-muted"
      />
    );
  if (!websites?.length) {
    if (!hasRole(user.role, 'admin'))
      return (
        <p className="px-3 text-xs text-sidebar-muted">
          <Trans>No websites yet</Trans>
        </p>
      );
    return (
      <Link
        href={dashboardHref({ tab: 'settings', open: addWebsiteIntent })}
        onClick={onClose}
        className="block w-full rounded-md px-3 py-2 text-start text-xs text-sidebar-muted hover:bg-sidebar-accent hover:text-white"
      >
        <Trans>No websites yet — add one in Settings</Trans>
      </Link>
    );
  }
  return websites.map((site) => {
    const isSelected = site.id === selectedWebsiteId;
    return (
      <button
        key={site.id}
        type="button"
        onClick={() => onSelectWebsite(site.id)}
        aria-pressed={isSelected}
        title={site.domain}
        className={cn(
          'flex w-full items-center gap-3 rounded-md px-3 py-1.5 text-sm transition-colors',
          isSelected
            ? 'bg-sidebar-accent text-white ring-1 ring-primary'
            : 'hover:bg-sidebar-accent hover:text-white',
        )}
      >
        <Globe className="h-4 w-4 shrink-0" />
        <span className="truncate">{site.name}</span>
      </button>
    );
  });
}
