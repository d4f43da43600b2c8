import { AiDemoPage } from '@client/features/assistant';
import { ResetPasswordPage, SignInPage, SignUpConfirmPage } from '@client/features/auth';
import { TechstackPage } from '@client/features/catalogue';
import { SuccessPage } from '@client/features/checkout';
import { CompanyPage, ContactsPage } from '@client/features/contacts';
import { DashboardPage } from '@client/features/dashboard';
import { DuplicatesPage } from '@client/features/duplicates';
import { EcosystemDemoPage, EcosystemPage } from '@client/features/ecosystem';
import { FormsPage } from '@client/features/forms';
import { LandingPage } from '@client/features/landing';
import { DeploymentDemoPage, DeploymentPage } from '@client/features/link-fixes';
import { MarketingDemoPage, MarketingPage } from '@client/features/marketing';
import {
  CardPricingPage,
  LocalBusinessPage,
  PricingPage,
  PricingSelectorPage,
  ReossPage,
} from '@client/features/pricing';
import { DashboardsPage, ReportsPage } from '@client/features/reports';
import { SchedulerPage } from '@client/features/scheduler';
import { SegmentsPage } from '@client/features/segments';
import { Phase3DemoPage, Phase3Page, SuperhubDemoPage, SuperhubPage } from '@client/features/superhub';
import { TasksPage } from '@client/features/tasks';
import { WebhooksDemoPage, WebhooksPage } from '@client/features/webhooks';
import type { AppPath } from '@domain/app-paths';
import type { ComponentType } from 'react';

export interface AppRoute {
  /** One of the shared list, which the server reads to tell a page from a 404 (src/domain/app-paths.ts). */
  path: AppPath;
  page: ComponentType;
  /** A page drawn without a header of its own gets the site's (brand, language menu, back to home). */
  hasOwnHeader?: false;
}

// Pages load lazily: each feature's index exports its pages wrapped in React.lazy.

/**
 * Screens every visitor can open (spec 001 §2 lists each in both tables, or it concerns getting signed in).
 * /dashboard is here because the dashboard itself tells a signed-out visitor and sends them to sign in.
 */
export const everyoneRoutes: AppRoute[] = [
  { path: '/login', page: SignInPage },
  { path: '/reset-password', page: ResetPasswordPage },
  { path: '/signup/confirm', page: SignUpConfirmPage },
  { path: '/dashboard', page: DashboardPage },
  { path: '/pricing', page: PricingPage },
  { path: '/scheduler', page: SchedulerPage },
  { path: '/success', page: SuccessPage },
  { path: '/pricing-selector', page: PricingSelectorPage },
  { path: '/pricing/local-business', page: LocalBusinessPage },
  { path: '/pricing/reoss', page: ReossPage },
  { path: '/pricing/cards', page: CardPricingPage },
];

/** Spec 001 §2, visitor not signed in. */
export const signedOutRoutes: AppRoute[] = [
  { path: '/', page: LandingPage },
  // ↓ Public demo screens: /ai-demo, /deployment-demo, /ecosystem-demo, /superhub-demo, /webhook-demo, /phase3-demo
  { path: '/ai-demo', page: AiDemoPage },
  { path: '/deployment-demo', page: DeploymentDemoPage },
  { path: '/marketing-demo', page: MarketingDemoPage },
  { path: '/ecosystem-demo', page: EcosystemDemoPage, hasOwnHeader: false },
  { path: '/superhub-demo', page: SuperhubDemoPage, hasOwnHeader: false },
  { path: '/webhook-demo', page: WebhooksDemoPage, hasOwnHeader: false },
  { path: '/phase3-demo', page: Phase3DemoPage, hasOwnHeader: false },
];

/** Spec 001 §2, signed in: / and /techstack are the same home screen. */
export const signedInRoutes: AppRoute[] = [
  { path: '/', page: TechstackPage },
  { path: '/techstack', page: TechstackPage },
  // ↓ Signed-in screens: /marketing, /deployment, /ecosystem, /superhub, /webhooks, /phase3
  { path: '/contacts', page: ContactsPage },
  { path: '/contacts/duplicates', page: DuplicatesPage },
  { path: '/companies', page: CompanyPage },
  { path: '/tasks', page: TasksPage },
  { path: '/reports', page: ReportsPage },
  { path: '/reports/dashboards', page: DashboardsPage },
  { path: '/forms', page: FormsPage },
  { path: '/segments', page: SegmentsPage },
  { path: '/marketing', page: MarketingPage },
  { path: '/deployment', page: DeploymentPage },
  { path: '/ecosystem', page: EcosystemPage },
  { path: '/superhub', page: SuperhubPage },
  { path: '/webhooks', page: WebhooksPage },
  { path: '/phase3', page: Phase3Page },
];
