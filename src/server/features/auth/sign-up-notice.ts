import type { AppDeps } from '../../deps.js';
import { createMailProvider, type OutgoingMail } from '../../providers/mail/index.js';
import { passwordResetRules, tryReserve } from './rate-limits.js';
import { findUserByEmail, insertOutboxMail } from './store.js';

export const signUpLinkTtlHours = 24;

/**
 * The product's own mail: SMTP when configured, else the log plus the outbox table, where a local user
 * (`npm run mail:outbox`) and the tests read it.
 */
export function productMail(deps: Pick<AppDeps, 'config' | 'log' | 'database'>) {
  return createMailProvider(deps.config, deps.log, (mail) => insertOutboxMail(deps.database.db, mail));
}

/**
 * Sign-up mails are sent before the answer, the confirmation and the notice alike, so the answer's
 * timing does not tell them apart either. A mail server that fails is logged and the answer stays the
 * same: the person signs up again.
 */
async function sendSignUpMail(deps: Pick<AppDeps, 'config' | 'log' | 'database'>, mail: OutgoingMail) {
  await productMail(deps)
    .send(mail)
    .catch((error: unknown) => deps.log.error({ err: error }, 'sign-up mail not sent'));
}

/** The link that creates the account: the only way a new email's sign-up becomes an account. */
export async function sendSignUpConfirmation(
  deps: Pick<AppDeps, 'config' | 'log' | 'database'>,
  to: { email: string; firstName: string },
  link: string,
) {
  await sendSignUpMail(deps, {
    to: to.email,
    subject: 'Confirm your email to finish signing up',
    text: [
      `Hello ${to.firstName || to.email},`,
      '',
      'Thank you for signing up for Business Hub. Open this link within 24 hours to confirm this address',
      'and create your account. It works once:',
      '',
      link,
      '',
      'If you did not sign up, ignore this mail: no account is made without this step.',
    ].join('\n'),
  });
}

/**
 * A sign-up with an email that already has an account answers as a new one does; its owner is told by
 * mail instead (at most a few an hour, so the sign-up form cannot flood someone's inbox).
 */
export async function sendSignUpNotice(deps: AppDeps, email: string, linkBase: string | null) {
  const user = await findUserByEmail(deps.database.db, email);
  if (!user) return;
  const throttle = { key: `sign-up-notice:account:${user.id}`, rule: passwordResetRules.account };
  if (!(await tryReserve(deps, throttle))) {
    deps.log.warn({ userId: user.id }, 'sign-up notice skipped: too many in the last hour');
    return;
  }
  const signIn = linkBase ? `${linkBase}/login` : 'the Business Hub sign-in page';
  await sendSignUpMail(deps, {
    to: user.email,
    subject: 'Someone tried to sign up with your address',
    text: [
      `Hello ${user.firstName || user.email},`,
      '',
      'Someone (perhaps you) tried to create a Business Hub account with this email address. It already',
      'has an account, so no new one was made and nobody was signed in.',
      '',
      `To use your account, sign in at ${signIn}. If you forgot your password, choose "Forgot password?"`,
      'there to reset it.',
      '',
      'If it was not you, you need not do anything: your account and password are unchanged.',
    ].join('\n'),
  });
}
