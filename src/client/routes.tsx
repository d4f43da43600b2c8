import { useLingui } from '@lingui/react/macro';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageLoader } from './components/page-loader';
import { NotFoundPage } from './features/not-found/not-found-page';
import { useAuth } from './lib/use-auth';

interface AppRoute {
  path: string;
  page: ComponentType;
}

// Pages load lazily: one line per page. Named exports, so the page file keeps its component's name.
const LandingPage = lazy(() =>
  import('./features/landing/landing-page').then((m) => ({ default: m.LandingPage })),
);
const TechstackPage = lazy(() =>
  import('./features/catalogue/techstack-page').then((m) => ({ default: m.TechstackPage })),
);
const PricingPage = lazy(() =>
  import('./features/pricing-page/pricing-page').then((m) => ({ default: m.PricingPage })),
);
const SignInPage = lazy(() =>
  import('./features/auth/sign-in-page').then((m) => ({ default: m.SignInPage })),
);
const DashboardPage = lazy(() =>
  import('./features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const SchedulerPage = lazy(() =>
  import('./features/scheduler/scheduler-page').then((m) => ({ default: m.SchedulerPage })),
);
const SuccessPage = lazy(() =>
  import('./features/pricing/success-page').then((m) => ({ default: m.SuccessPage })),
);
const PricingSelectorPage = lazy(() =>
  import('./features/pricing/pricing-selector-page').then((m) => ({ default: m.PricingSelectorPage })),
);
const LocalBusinessPage = lazy(() =>
  import('./features/pricing/local-business-page').then((m) => ({ default: m.LocalBusinessPage })),
);
const ReossPage = lazy(() => import('./features/pricing/reoss-page').then((m) => ({ default: m.ReossPage })));
const CardPricingPage = lazy(() =>
  import('./features/pricing/card-pricing-page').then((m) => ({ default: m.CardPricingPage })),
);
const ContactsPage = lazy(() =>
  import('./features/contacts/contacts-page').then((m) => ({ default: m.ContactsPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const MarketingPage = lazy(() =>
  import('./features/marketing/marketing-page').then((m) => ({ default: m.MarketingPage })),
);
// ↑ Add your page's lazy import above this line.

/**
 * Screens every visitor can open (spec 001 §2 lists each in both tables, or it concerns getting signed in).
 * /dashboard is here because the dashboard itself tells a signed-out visitor and sends them to sign in.
 */
const everyoneRoutes: AppRoute[] = [
  { path: '/login', page: SignInPage },
  { path: '/reset-password', page: ResetPasswordPage },
  { path: '/dashboard', page: DashboardPage },
  { path: '/pricing', page: PricingPage },
  { path: '/scheduler', page: SchedulerPage },
  { path: '/success', page: SuccessPage },
  { path: '/pricing-selector', page: PricingSelectorPage },
  { path: '/pricing/local-business', page: LocalBusinessPage },
  { path: '/pricing/reoss', page: ReossPage },
  { path: '/pricing/cards', page: CardPricingPage },
  // ↓ Shared screens: /success, /scheduler, /pricing-selector, /pricing/local-business, /pricing/reoss
];

/** Spec 001 §2, visitor not signed in. */
const signedOutRoutes: AppRoute[] = [
  { path: '/', page: LandingPage },
  // ↓ Public demo screens: /ai-demo, /deployment-demo, /ecosystem-demo, /superhub-demo, /webhook-demo, /phase3-demo
];

/** Spec 001 §2, signed in: / and /techstack are the same home screen. */
const signedInRoutes: AppRoute[] = [
  { path: '/', page: TechstackPage },
  { path: '/techstack', page: TechstackPage },
  // ↓ Signed-in screens: /contacts, /marketing, /deployment, /ecosystem, /superhub, /webhooks, /phase3
  { path: '/contacts', page: ContactsPage },
  { path: '/marketing', page: MarketingPage },
];

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
