/**
 * The server's user-facing messages, by stable id (ADR 0007). The server formats the English text into
 * an error's `message` and sends `messageId` + `values` beside it; the client translates the same English
 * text through its catalogs (the `i18n` comments put each one there), so a user reads it in their language.
 *
 * Text is ICU MessageFormat limited to what `formatServerMessage` reads: `{name}` placeholders and
 * `{count, plural, one {…} other {…}}` (with `#`, no nested braces inside a branch).
 * Add a message: add a line here, run `npx lingui extract`, translate it in every `src/client/locales/*.po`.
 */
export const serverMessages = {
  'auth.invalidCredentials': /*i18n*/ 'Invalid email or password.',
  'auth.emailTaken': /*i18n*/ 'An account with this email already exists. Sign in instead.',
  'auth.noWorkspace': /*i18n*/ 'This account does not belong to any workspace any more.',
  'auth.notSignedIn': /*i18n*/ 'You are not signed in.',
  'auth.workspaceNotFound': /*i18n*/ 'Workspace not found',
  'demo.missing': /*i18n*/ 'The demo workspace is not set up on this server.',
  'auth.tooManySignIns':
    /*i18n*/ 'Too many sign-in attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'auth.tooManySignUps':
    /*i18n*/ 'Too many sign-up attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'auth.tooManyPasswordTries':
    /*i18n*/ 'Too many password attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'auth.tooManyResetRequests':
    /*i18n*/ 'Too many password reset attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'auth.noPasswordYet':
    /*i18n*/ 'This account signs in with single sign-on and has no password yet. Use "Forgot password?" on the sign-in page to set one.',
  'auth.currentPasswordWrong': /*i18n*/ 'Your current password is not correct.',
  'auth.resetLinkInvalid': /*i18n*/ 'This reset link is not valid any more. Ask for a new one.',
  'auth.resetNotConfigured': /*i18n*/ 'Password reset is not set up on this server (PUBLIC_URL is missing).',
  'auth.ssoNotConfigured': /*i18n*/ 'Single sign-on is not configured.',
  'auth.ssoUnreachable': /*i18n*/ 'The single sign-on provider cannot be reached.',
  'auth.ssoFailed': /*i18n*/ 'Single sign-on failed. Please try again.',
  'auth.ssoNeedsPasswordFirst':
    /*i18n*/ 'An account with this email exists. Sign in with your password first.',
  'auth.ssoNoEmail': /*i18n*/ 'The sign-on provider did not share an email address.',
  'websites.domainTaken': /*i18n*/ '{domain} is already one of your websites',
  'websites.notFound': /*i18n*/ 'Website not found',
  'siteHealth.reasonRedirectChain':
    /*i18n*/ 'Redirects through {hops, plural, one {# hop} other {# hops}}; link straight to the final page.',
  'siteHealth.reasonRedirectLoop': /*i18n*/ 'Redirect loop: {chain}',
  'siteHealth.reasonHttps': /*i18n*/ 'Linked over http; the page is served over https.',
  'siteHealth.reasonCase': /*i18n*/ 'Answers {problem}; the live page differs only in letter case.',
  'siteHealth.reasonTrailingSlash':
    /*i18n*/ 'Answers {problem}; the live page differs only by a trailing slash.',
  'siteHealth.reasonClosest':
    /*i18n*/ 'Answers {problem}; closest live page by path and title ({similarity}% similar).',
  'siteHealth.reasonNoFix': /*i18n*/ 'Answers {problem}; no fix found.',
  'siteHealth.reasonExternal':
    /*i18n*/ 'External link answers {problem}; update or remove it on the linking pages.',
  'siteHealth.instructionDownload': /*i18n*/ 'Download the {file} snippet for {domain}.',
  'siteHealth.instructionNginx':
    /*i18n*/ 'Include it inside the server block of {domain}, then check and reload nginx (nginx -t, nginx -s reload).',
  'siteHealth.instructionApache':
    /*i18n*/ 'Add it to the .htaccess file at the document root of {domain} (mod_alias and mod_rewrite enabled).',
  'siteHealth.instructionNetlify':
    /*i18n*/ 'Add the lines to the _redirects file in the publish directory of {domain} and deploy again.',
  'siteHealth.instructionVercel':
    /*i18n*/ 'Merge the redirects into the vercel.json of {domain} and deploy again.',
  'siteHealth.instructionCloudflare':
    /*i18n*/ 'Import the CSV as a Bulk Redirect List for {domain} and enable a Bulk Redirect Rule that uses it.',
  'siteHealth.instructionExpress':
    /*i18n*/ 'Register the middleware before the routes of the {domain} server and restart it.',
  'siteHealth.instructionDeploy':
    /*i18n*/ 'Press Deploy once it is live: the fixed URLs are crawled again to confirm each fix.',
  'siteHealth.instructionEditLinks':
    /*i18n*/ 'Edit the pages that link to broken external URLs: a redirect on your own site cannot fix those.',
  'siteHealth.noFixes': /*i18n*/ 'There are no link fixes to deploy for {domain}.',
  'siteHealth.unknownDomain': /*i18n*/ '{domain} is not one of your websites.',
} as const;

export type ServerMessageId = keyof typeof serverMessages;
export type MessageValues = Record<string, string | number>;

/** A user-facing message: its id and values travel to the client, `text` is the English rendering. */
export interface ServerMessage {
  id: ServerMessageId;
  values?: MessageValues;
  text: string;
}

export function isServerMessageId(value: unknown): value is ServerMessageId {
  return typeof value === 'string' && Object.hasOwn(serverMessages, value);
}

const englishPlural = new Intl.PluralRules('en');

/** Formats one of the catalogue's templates in English (the subset of ICU described above). */
export function formatServerMessage(template: string, values: MessageValues = {}): string {
  return template
    .replace(
      /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other) \{[^{}]*\})+)\s*\}/g,
      (_, name, body) => {
        const count = Number(values[name]);
        const branches = new Map(
          [...(body as string).matchAll(/(=\d+|\w+) \{([^{}]*)\}/g)].map((m) => [m[1], m[2]] as const),
        );
        const branch =
          branches.get(`=${count}`) ?? branches.get(englishPlural.select(count)) ?? branches.get('other');
        return (branch ?? '').replaceAll('#', String(count));
      },
    )
    .replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** Builds a catalogued message for an `AppError`: `new AppError('conflict', serverMessage('auth.emailTaken'))`. */
export function serverMessage(id: ServerMessageId, values?: MessageValues): ServerMessage {
  return { id, values, text: formatServerMessage(serverMessages[id], values) };
}
