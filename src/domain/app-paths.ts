/**
 * Every path the client's router shows a screen at (src/client/app/route-table.ts takes its paths from here,
 * typed so it cannot add another). The server reads the same list: a path not in it answers 404 with the
 * app's Page Not Found, not a 200 that search engines and link checkers take for a page.
 */
export const appPaths = [
  '/',
  '/login',
  '/reset-password',
  '/signup/confirm',
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
  '/contacts/duplicates',
  '/companies',
  '/tasks',
  '/reports',
  '/reports/dashboards',
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

/**
 * The signed-out pages built to HTML ahead of time in every shipped language (issue 31): the same for every
 * visitor of a language, so the server sends them finished and the client hydrates them. `notFoundPage` is
 * the Page Not Found, sent with a 404 for any address not in `appPaths`.
 */
export const prerenderedPaths = [
  '/',
  '/pricing',
  '/pricing-selector',
  '/pricing/local-business',
  '/pricing/cards',
  '/pricing/reoss',
  '/success',
  '/scheduler',
  '/ai-demo',
  '/deployment-demo',
  '/marketing-demo',
  '/ecosystem-demo',
  '/superhub-demo',
  '/webhook-demo',
  '/phase3-demo',
] as const satisfies readonly AppPath[];

export type PrerenderedPath = (typeof prerenderedPaths)[number];

/** Not an app path: what the prerender draws there is the router's Page Not Found. */
export const notFoundPage = '/404';

const prerendered = new Set<string>(prerenderedPaths);

export const isPrerenderedPath = (pathname: string): pathname is PrerenderedPath => prerendered.has(pathname);

/** Where a prerendered page lies in the built client: `prerendered/<locale>/<path>.html` ('/' is `index`). */
export function prerenderedFile(pathname: PrerenderedPath | typeof notFoundPage, locale: string): string {
  return `prerendered/${locale}/${pathname === '/' ? 'index' : pathname.slice(1)}.html`;
}
