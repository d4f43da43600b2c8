import type { AppDeps } from '../../deps.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { createMailProvider } from '../../providers/mail/index.js';
import { passwordResetRules, tryReserve } from './rate-limits.js';
import { findUserByEmail } from './store.js';

const signUpNoticeQueue = 'sign-up-notice-mail';

interface SignUpNotice {
  email: string;
  /** Where the sign-in page is; null in production without PUBLIC_URL (the mail then names no address). */
  linkBase: string | null;
}

/**
 * A sign-up with an email that already has an account answers as a new one does; its owner is told by
 * mail instead. Queued, so the answer waits for no mail server.
 */
export async function queueSignUpNotice(
  deps: Pick<AppDeps, 'queue'>,
  email: string,
  linkBase: string | null,
) {
  await deps.queue.send<SignUpNotice>(signUpNoticeQueue, { email, linkBase });
}

export const signUpNoticeJob: JobDefinition<SignUpNotice> = {
  name: signUpNoticeQueue,
  async handler({ email, linkBase }, deps) {
    const user = await findUserByEmail(deps.database.db, email);
    if (!user) return;
    // As reset mails: a few an hour per address, so the sign-up form cannot flood someone's inbox.
    const throttle = { key: `sign-up-notice:account:${user.id}`, rule: passwordResetRules.account };
    if (!(await tryReserve(deps, throttle))) {
      deps.log.warn({ userId: user.id }, 'sign-up notice skipped: too many in the last hour');
      return;
    }
    const signIn = linkBase ? `${linkBase}/login` : 'the Business Hub sign-in page';
    await createMailProvider(deps.config, deps.log).send({
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
  },
};
