import { PageLoader } from '@client/components/page-loader';
import { NotFoundPage } from '@client/features/not-found';
import { useAuth } from '@client/lib/use-auth';
import { useLingui } from '@lingui/react/macro';
import { Suspense, useEffect } from 'react';
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

export function AppRoutes() {
  const { isAuthenticated, isLoading } = useAuth();
  // Until the session check answers we cannot tell which table applies; a spinner avoids flashing the
  // landing page at a signed-in owner.
  if (isLoading) return <PageLoader />;
  const table = isAuthenticated ? signedInRoutes : signedOutRoutes;
  return (
    <Suspense fallback={<PageLoader />}>
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
    </Suspense>
  );
}
