import { AppError } from '@domain/app-error';
import { type ServerMessageId, serverMessage } from '@domain/messages';
import type { AppDeps } from '../../deps.js';
import {
  clearThrottle,
  releaseThrottleHit,
  reserveThrottleHit,
  type ThrottleRule,
  throttleWaitSeconds,
} from './store.js';

/**
 * Guesses at one account from one address get 5 tries, then wait 1, 2, 4 ... up to 60 minutes between
 * tries, so an attacker cannot lock the owner out from elsewhere. The account ceiling still slows a
 * guesser spread over many addresses; the address limit slows one trying many accounts.
 */
export const signInRules = {
  accountAndIp: { limit: 5, windowSeconds: 86_400, backoffSeconds: 60, backoffMaxSeconds: 3_600 },
  account: { limit: 100, windowSeconds: 3_600 },
  ip: { limit: 20, windowSeconds: 900 },
} satisfies Record<string, ThrottleRule>;

export const passwordResetRules = {
  ip: { limit: 10, windowSeconds: 3_600 },
  /** Mails to one address per hour, so the form cannot be used to flood someone's inbox. */
  account: { limit: 3, windowSeconds: 3_600 },
} satisfies Record<string, ThrottleRule>;

export interface Throttle {
  key: string;
  rule: ThrottleRule;
}

/** The refusal a throttled action answers with; each reads "Too many … attempts. Try again in N minutes." */
type RateLimitMessageId = Extract<
  ServerMessageId,
  'auth.tooManySignIns' | 'auth.tooManySignUps' | 'auth.tooManyPasswordTries' | 'auth.tooManyResetRequests'
>;

export const signInThrottles = (email: string, ip: string) => ({
  accountAndIp: { key: `sign-in:account-ip:${email}|${ip}`, rule: signInRules.accountAndIp },
  account: { key: `sign-in:account:${email}`, rule: signInRules.account },
  ip: { key: `sign-in:ip:${ip}`, rule: signInRules.ip },
});

/**
 * Guesses at the current password through one session, as sign-in: per user and address, so a thief
 * guessing with a stolen session does not lock the user out of changing it from their own address; the
 * user-wide ceiling still slows guesses spread over many addresses.
 */
export const passwordChangeThrottles = (userId: number, ip: string) => ({
  accountAndIp: { key: `password-change:account-ip:${userId}|${ip}`, rule: signInRules.accountAndIp },
  account: { key: `password-change:account:${userId}`, rule: signInRules.account },
});

/**
 * Reserves one hit on every throttle, all or none, in one short transaction committed before the
 * caller does the guarded work (such as checking a password). Throws 429 when any is full.
 * Callers pass the throttles in one fixed order (narrowest first), so concurrent reservations never deadlock.
 */
export async function reserveAttempt(
  deps: AppDeps,
  throttles: Throttle[],
  refusal: RateLimitMessageId,
): Promise<void> {
  await deps.database.withPlatform(async (tx) => {
    for (const { key, rule } of throttles) {
      if ((await reserveThrottleHit(tx, key, rule)) !== null) continue;
      const minutes = Math.max(1, Math.ceil((await throttleWaitSeconds(tx, key, rule)) / 60));
      throw new AppError('rate_limited', serverMessage(refusal, { minutes }));
    }
  });
}

/** Whether one more hit fits, counting it if so; for work that must stay silent (mail sending). */
export async function tryReserve(deps: AppDeps, throttle: Throttle): Promise<boolean> {
  return (await reserveThrottleHit(deps.database.db, throttle.key, throttle.rule)) !== null;
}

/** A right password is not a guess: its reserved hits are given back and the backoff starts over. */
export async function forgiveAttempt(deps: AppDeps, reset: Throttle[], released: Throttle[]): Promise<void> {
  for (const { key } of reset) await clearThrottle(deps.database.db, key);
  for (const { key } of released) await releaseThrottleHit(deps.database.db, key);
}
