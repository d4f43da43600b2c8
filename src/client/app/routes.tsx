import { PageLoader } from '@client/components/page-loader';
import { BackToHomeLink, SiteHeader } from '@client/components/site-header';
import { AppShell } from '@client/features/dashboard';
import { useInstallManifest } from '@client/features/mobile-app';
import { NotFoundPage } from '@client/features/not-found';
import { type ActiveLocale, hasAllMessages, loadAllMessages } from '@client/i18n/i18n';
import { useAuth } from '@client/lib/use-auth';
import { useLingui } from '@lingui/react/macro';
import { type ComponentType, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { type AppRoute, everyoneRoutes, signedInRoutes, signedOutRoutes } from './route-table';

/** Every signed-in screen in the app shell: one sidebar and header, so every other screen is a click away. */
function inAppShell(Page: ComponentType): ComponentType {
  return function ShellPage() {
    return (
      <AppShell>
        <div className="min-w-0 flex-1">
          <Page />
        </div>
      </AppShell>
    );
  };
}

/** A public page without a header of its own gets the site's: the brand, the language menu, a way back. */
function inSiteFrame(Page: ComponentType): ComponentType {
  return function FramedPage() {
    return (
      <>
        <SiteHeader>
          <BackToHomeLink />
        </SiteHeader>
        <Page />
      </>
    );
  };
}

// Framed once, so each route keeps one component across renders (a new one would remount the screen).
const signedInTable: AppRoute[] = signedInRoutes.map((route) => ({ ...route, page: inAppShell(route.page) }));
const signedOutTable: AppRoute[] = signedOutRoutes.map((route) =>
  route.hasOwnHeader === false ? { ...route, page: inSiteFrame(route.page) } : route,
);

/** A signed-out visitor who opens a signed-in screen is sent to sign in and comes back afterwards. */
function RedirectToSignIn() {
  const { t } = useLingui();
  const [location] = useLocation();
  useEffect(() => {
    window.location.assign(`/api/login?next=${encodeURIComponent(location + window.location.search)}`);
  }, [location]);
  return <PageLoader label={t`Redirecting to sign in...`} />;
}

/**
 * The first paint has only the shell's and the landing page's messages (ADR 0010); every other screen
 * waits here until the rest of the catalog has arrived (it started loading with the first part).
 */
function AllMessages({ needed, children }: { needed: boolean; children: ReactNode }) {
  const { i18n } = useLingui();
  const locale = i18n.locale as ActiveLocale;
  const [arrived, setArrived] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const ready = !needed || hasAllMessages(locale) || arrived === locale;
  useEffect(() => {
    if (ready) return;
    let current = true;
    loadAllMessages(locale).then(
      () => current && setArrived(locale),
      (error: unknown) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [ready, locale]);
  // A catalog that did not download fails as a page chunk that did not: the error ends the render.
  if (failure) throw failure;
  return ready ? children : <PageLoader />;
}

export function AppRoutes() {
  const { user, isAuthenticated, isLoading } = useAuth();
  const [location] = useLocation();
  useInstallManifest(user);
  // Until the session check answers we cannot tell which table applies; a spinner avoids flashing the
  // landing page at a signed-in owner.
  if (isLoading) return <PageLoader />;
  const table = isAuthenticated ? signedInTable : signedOutTable;
  return (
    <Suspense fallback={<PageLoader />}>
      <AllMessages needed={isAuthenticated || location !== '/'}>
        <Switch>
          {[...everyoneRoutes, ...table].map(({ path, page }) => (
            <Route key={path} path={path} component={page} />
          ))}
          {!isAuthenticated &&
            signedInRoutes
              .filter((route) => !signedOutRoutes.some((open) => open.path === route.path))
              .map(({ path }) => <Route key={path} path={path} component={RedirectToSignIn} />)}
          <Route component={NotFoundPage} />
        </Switch>
      </AllMessages>
    </Suspense>
  );
}
