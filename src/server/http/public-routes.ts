/**
 * API routes that answer without a session, each for a stated reason. Every other /api route
 * answers 401 to a signed-out request before its input is even validated.
 */
export const publicApiRoutes: Record<string, string> = {
  'GET /api/login': 'browser navigation to the sign-in page',
  'POST /api/auth/signup': 'mails a link that creates the account (an invited one at once)',
  'POST /api/auth/signup/confirm': 'authenticated by the single-use token of the sign-up link',
  'POST /api/auth/login': 'signs in',
  'POST /api/auth/password-reset': 'a forgotten password is asked for signed out',
  'POST /api/auth/password-reset/confirm': 'authenticated by the single-use token of the reset link',
  'POST /api/logout': 'signing out without a session is a no-op',
  'GET /api/auth/session': 'answers who is signed in, or nobody',
  'GET /api/auth/providers': 'the sign-in page asks which sign-in methods exist',
  'GET /api/auth/oidc/start': 'single sign-on starts signed out',
  'GET /api/auth/oidc/callback': 'single sign-on returns signed out',
  'GET /api/applications': 'the platform catalogue is the same for everyone',
  'GET /api/public-config': 'public settings such as the scheduler URL',
  'GET /api/stripe/products': 'public card-provider pricing page',
  'POST /api/stripe/create-checkout-session': 'public card-provider pricing page checkout',
  'POST /api/stripe/webhook': 'authenticated by the Stripe signature',
  'POST /api/local-business/checkout': 'public calculator checkout',
  'POST /api/reoss/checkout': 'public calculator checkout',
  'POST /api/iphone/sync': 'authenticated by the sync token in the payload',
  'POST /api/analytics/event':
    "websites' visitors send page views; the site key names the site, its domain must be the origin",
  'POST /api/webhooks/in/:appId': "an app's event; authenticated by its Standard Webhooks signature",
  'POST /api/sequences/bookings/:workspaceId':
    "a scheduling provider's booking (Cal.com, Calendly); authenticated by its HMAC signature with the workspace's secret",
  'GET /api/analytics/script.js': 'the tracking script websites embed',
  'GET /api/forms/embed.js': 'the script that shows a lead form on a website and on its hosted page',
  'GET /api/forms/public/:key':
    "a visitor reads a lead form; the form's key names it, its origin must be the hosted page or a workspace website",
  'POST /api/forms/public/:key/submissions':
    'a visitor sends a lead form; spam-checked (honeypot, time floor, per-address limit), origin as above',
  'GET /api/m/u/:token': "a marketing email's unsubscribe page; the message token is the capability",
  'POST /api/m/u/:token':
    'one-click unsubscribe (RFC 8058) from the mail client; the message token is the capability',
  'GET /api/m/o/:token': "a marketing email's open-tracking pixel",
  'POST /api/ai/contextual-suggestions-demo':
    'the public /ai-demo page; reads the demo workspace read-only, rate limited per address',
  'GET /api/status/:slug':
    "a workspace's public status page, once its owner turns it on (app names and states only)",
  'GET /api/m/c/:token': "a marketing email's tracked link; the destination is signed",
  'GET /api/r/u/:token':
    "a scheduled report's unsubscribe page; the signed recipient token is the capability",
  'POST /api/r/u/:token':
    'one-click unsubscribe (RFC 8058) from a scheduled report; the signed token as above',
  'GET /api/r/confirm/:token': "an outside address's confirmation page for a scheduled report",
  'POST /api/r/confirm/:token':
    'an outside address confirms a scheduled report; the signed token is the capability',
};

/** Prefixes whose routes are public: API docs and the offline test checkout (its session id is the capability). */
export const publicApiPrefixes = ['/api/docs', '/api/checkout/'];

/** The read-only twins of signed-in screens (`/ecosystem-demo`, …) read the demo workspace under this prefix. */
export const publicDemoPrefix = '/api/demo/';

export function isPublicApiRoute(method: string, routeUrl: string): boolean {
  return (
    `${method} ${routeUrl}` in publicApiRoutes ||
    publicApiPrefixes.some((p) => routeUrl.startsWith(p)) ||
    (method === 'GET' && routeUrl.startsWith(publicDemoPrefix))
  );
}
