import { AppError } from '@domain/app-error';
import {
  type ChangePasswordInput,
  changePasswordSchema,
  type PasswordResetInput,
  passwordResetSchema,
} from '@domain/auth/auth-schemas';
import { serverMessage } from '@domain/messages';
import type { AppDeps } from '../../deps.js';
import { hashToken, type Member, newToken } from '../../http/session.js';
import type { JobDefinition } from '../../jobs/queue.js';
import {
  forgiveAttempt,
  passwordChangeThrottles,
  passwordResetRules,
  reserveAttempt,
  tryReserve,
} from './rate-limits.js';
import { hashPassword, passwordMatches } from './service.js';
import { productMail } from './sign-up-notice.js';
import {
  consumePasswordResetToken,
  deleteUserSessions,
  expireUnusedResetTokens,
  findUserByEmail,
  findUserById,
  insertPasswordResetToken,
  setPasswordHash,
} from './store.js';

export const resetLinkTtlMinutes = 30;
const passwordResetQueue = 'password-reset-mail';

/** Changes the signed-in user's password; every other session of the user ends, this one stays. */
export async function changePassword(deps: AppDeps, member: Member, input: ChangePasswordInput, ip: string) {
  const data = changePasswordSchema.parse(input);
  // A stolen session must not become a way to guess the password it lacks.
  const throttles = passwordChangeThrottles(member.userId, ip);
  await reserveAttempt(deps, [throttles.accountAndIp, throttles.account], 'auth.tooManyPasswordTries');
  const user = await findUserById(deps.database.db, member.userId);
  if (!user?.passwordHash) {
    throw new AppError('conflict', serverMessage('auth.noPasswordYet'));
  }
  if (!(await passwordMatches(user.passwordHash, data.currentPassword))) {
    throw new AppError('bad_request', serverMessage('auth.currentPasswordWrong'), {
      issues: [{ path: 'currentPassword', message: 'is not correct' }],
    });
  }
  await forgiveAttempt(deps, [throttles.accountAndIp], [throttles.account]);
  const passwordHash = await hashPassword(data.newPassword);
  await deps.database.withPlatform(async (tx) => {
    await setPasswordHash(tx, member.userId, passwordHash);
    await deleteUserSessions(tx, member.userId, member.sessionId);
    await expireUnusedResetTokens(tx, member.userId);
  });
}

/**
 * Queues a reset mail and answers the same whether or not the email has an account: the look-up,
 * the token and the mail all happen in the job, so neither the answer nor its timing tells.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, ip: string, baseUrl: string) {
  await reserveAttempt(
    deps,
    [{ key: `password-reset:ip:${ip}`, rule: passwordResetRules.ip }],
    'auth.tooManyResetRequests',
  );
  await deps.queue.send(passwordResetQueue, { email, baseUrl });
}

export const passwordResetJob: JobDefinition<{ email: string; baseUrl: string }> = {
  name: passwordResetQueue,
  async handler({ email, baseUrl }, deps) {
    const user = await findUserByEmail(deps.database.db, email);
    if (!user) return;
    if (
      !(await tryReserve(deps, {
        key: `password-reset:account:${user.id}`,
        rule: passwordResetRules.account,
      }))
    ) {
      deps.log.warn({ userId: user.id }, 'password reset mail skipped: too many requested in the last hour');
      return;
    }
    const token = newToken();
    await deps.database.withPlatform(async (tx) => {
      await expireUnusedResetTokens(tx, user.id);
      await insertPasswordResetToken(tx, {
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + resetLinkTtlMinutes * 60_000),
      });
    });
    const link = `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await productMail(deps).send({
      to: user.email,
      subject: 'Reset your Business Hub password',
      text: [
        `Hello ${user.firstName || user.email},`,
        '',
        'Someone (hopefully you) asked to reset the password of your Business Hub account.',
        `Open this link within ${resetLinkTtlMinutes} minutes to choose a new password. It works once:`,
        '',
        link,
        '',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  },
};

/** Sets a new password from a reset link: single use, unexpired; every session of the user ends. */
export async function resetPassword(deps: AppDeps, input: PasswordResetInput) {
  const data = passwordResetSchema.parse(input);
  await deps.database.withPlatform(async (tx) => {
    const userId = await consumePasswordResetToken(tx, hashToken(data.token));
    if (!userId) {
      throw new AppError('bad_request', serverMessage('auth.resetLinkInvalid'), {
        issues: [{ path: 'token', message: 'is not valid, used or expired' }],
      });
    }
    await setPasswordHash(tx, userId, await hashPassword(data.password));
    await deleteUserSessions(tx, userId);
    await expireUnusedResetTokens(tx, userId);
  });
}
