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
  'ecosystem.appNotFound': /*i18n*/ 'App not found',
  'ecosystem.endpointNotFound': /*i18n*/ 'Data endpoint not found',
  'ecosystem.appNameTaken': /*i18n*/ '{name} is already one of your apps',
  'ecosystem.planItemNotFound': /*i18n*/ 'Plan item not found',
  'ecosystem.planItemCompleted': /*i18n*/ 'This plan item is already completed.',
  'ecosystem.runNotFound': /*i18n*/ 'Collection run not found',
  'ecosystem.noEndpoints': /*i18n*/ 'This app has no data endpoints to collect from.',
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
