/**
 * Every path the client's router shows a screen at (src/client/app/route-table.ts takes its paths from here,
 * typed so it cannot add another). The server reads the same list: a path not in it answers 404 with the
 * app's Page Not Found, not a 200 that search engines and link checkers take for a page.
 */
export const appPaths = [
  '/',
  '/login',
  '/reset-password',
  '/dashboard',
  '/pricing',
  '/scheduler',
  '/success',
  '/pricing-selector',
  '/pricing/local-business',
  '/pricing/reoss',
  '/pricing/cards',
  '/ai-demo',
  '/deployment-demo',
  '/marketing-demo',
  '/ecosystem-demo',
  '/superhub-demo',
  '/webhook-demo',
  '/phase3-demo',
  '/techstack',
  '/contacts',
  '/tasks',
  '/forms',
  '/segments',
  '/marketing',
  '/deployment',
  '/ecosystem',
  '/superhub',
  '/webhooks',
  '/phase3',
] as const;

export type AppPath = (typeof appPaths)[number];

const known = new Set<string>(appPaths);

/** Whether the client has a screen at `pathname` (no query). */
export const isAppPath = (pathname: string): boolean => known.has(pathname);
