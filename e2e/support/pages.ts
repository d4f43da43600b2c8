/**
 * The screens the browser suites walk (issue 10: axe and the pseudo-locale on every page). Keep in step with
 * `src/client/app/route-table.ts`; the dashboard tabs come from `dashboardTabIds`.
 */
export const publicPages = [
  '/',
  '/pricing',
  '/pricing-selector',
  '/pricing/local-business',
  '/pricing/reoss',
  '/pricing/cards',
  '/success?session_id=cs_test_a11y12345',
  '/login',
  '/no-such-page',
  '/scheduler',
  '/ai-demo',
  '/deployment-demo',
  '/marketing-demo',
  '/ecosystem-demo',
  '/superhub-demo',
  '/webhook-demo',
  '/phase3-demo',
];

/** Signed-in screens outside the dashboard (the settings sections are all on its settings tab). */
export const signedInPages = [
  '/techstack',
  '/contacts',
  '/marketing',
  '/deployment',
  '/ecosystem',
  '/superhub',
  '/webhooks',
  '/phase3',
];
