import { PageLoader } from '@client/components/page-loader';
import { NotFoundPage } from '@client/features/not-found';
import { type ActiveLocale, hasAllMessages, loadAllMessages } from '@client/i18n/i18n';
import { useAuth } from '@client/lib/use-auth';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { everyoneRoutes, signedInRoutes, signedOutRoutes } from './route-table';

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
  const { isAuthenticated, isLoading } = useAuth();
  const [location] = useLocation();
  // Until the session check answers we cannot tell which table applies; a spinner avoids flashing the
  // landing page at a signed-in owner.
  if (isLoading) return <PageLoader />;
  const table = isAuthenticated ? signedInRoutes : signedOutRoutes;
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
