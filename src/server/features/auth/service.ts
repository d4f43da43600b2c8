import { AppError } from '@domain/app-error';
import {
  type ProfileInput,
  type SignInInput,
  type SignUpInput,
  signInSchema,
  signUpSchema,
  trialDays,
} from '@domain/auth/auth-schemas';
import { shippedLocaleOrNull } from '@domain/locales';
import { serverMessage } from '@domain/messages';
import { type AddonId, isAddonId } from '@domain/pricing/addons';
import { hash, verify } from '@node-rs/argon2';
import { enterWorkspace, type Tx } from '../../db/database.js';
import { isPgError } from '../../db/pg-errors.js';
import { type AppDeps, now } from '../../deps.js';
import { hashToken, type Member, newToken } from '../../http/session.js';
import { recordActivity } from '../activities/index.js';
import { openPlatformSubscription } from '../billing/index.js';
import { acceptInvite, addWorkspaceOwner, checkInvite, joinWorkspaceByInvite } from '../members/index.js';
import { ensureTestSyncToken } from '../phone-sync/index.js';
import { checkedProfileImageUrl, removeProfileImage } from './profile-image.js';
import { forgiveAttempt, reserveAttempt, signInThrottles } from './rate-limits.js';
import { sendSignUpConfirmation, sendSignUpNotice, signUpLinkTtlHours } from './sign-up-notice.js';
import {
  consumePendingSignUp,
  deleteSession,
  findUserByEmail,
  findUserWithWorkspaces,
  insertPendingSignUp,
  insertSession,
  insertUser,
  insertWorkspace,
  listUserWorkspaces,
  nextWorkspaceId,
  recordSignIn,
  setSessionWorkspace,
  updateUser,
} from './store.js';

// OWASP's argon2id baseline: 19 MiB, 2 iterations (argon2id is the library's default algorithm).
const argonOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
// Verified when the email is unknown so a wrong email and a wrong password take the same time.
const dummyHash = hash('not-a-real-password', argonOptions);

export function hashPassword(password: string): Promise<string> {
  return hash(password, argonOptions);
}

/** Checks a password against a stored hash; a missing hash (single sign-on only) costs the same and fails. */
export async function passwordMatches(passwordHash: string | null | undefined, password: string) {
  const isValid = await verify(passwordHash ?? (await dummyHash), password);
  return Boolean(passwordHash) && isValid;
}

export interface NewSession {
  token: string;
  maxAgeSeconds: number;
}

export async function startSession(
  deps: AppDeps,
  userId: number,
  workspaceId: number,
  previousSessionId?: string,
) {
  // A fresh id at every sign-in: a session id planted before sign-in never becomes authenticated.
  if (previousSessionId) await deleteSession(deps.database.db, previousSessionId);
  const token = newToken();
  const maxAgeSeconds = deps.config.SESSION_TTL_DAYS * 86_400;
  await insertSession(deps.database.db, {
    id: hashToken(token),
    userId,
    workspaceId,
    expiresAt: new Date(Date.now() + maxAgeSeconds * 1000),
  });
  // Succession measures the owner's absence from here, on the app's clock (tests move it).
  await recordSignIn(deps.database.db, userId, now(deps));
  return { token, maxAgeSeconds };
}

/**
 * Sign-up never says whether an email is registered (docs/areas/auth.md). Without an invite, a new email
 * and a registered one get the same answer after the same work (the password hashed, one mail sent):
 * the new one a link that creates the account (`confirmSignUp`), the registered one a notice. Nobody is
 * signed in; null then. An invite already proved the address (its link was mailed there), so an invited
 * new email gets its account and session at once; a registered one still only a notice.
 */
export async function signUp(
  deps: AppDeps,
  input: SignUpInput,
  ip: string,
  options: { previousSessionId?: string; linkBase: string | null },
): Promise<(NewSession & { userId: number }) | null> {
  const data = signUpSchema.parse(input);
  const { inviteToken } = data;
  const { linkBase } = options;
  // Production without PUBLIC_URL has no address to mail a link to (as for resets): refused alike.
  if (!inviteToken && !linkBase) throw new AppError('unavailable', serverMessage('auth.signUpNotConfigured'));
  await reserveAttempt(
    deps,
    [{ key: `sign-up:ip:${ip}`, rule: { limit: deps.config.SIGN_UP_LIMIT_PER_HOUR, windowSeconds: 3_600 } }],
    'auth.tooManySignUps',
  );
  const taken = Boolean(await findUserByEmail(deps.database.db, data.email));
  const passwordHash = await hashPassword(data.password);
  const noticeTaken = async () => {
    await sendSignUpNotice(deps, data.email, linkBase);
    return null;
  };
  if (taken) {
    // An invite is checked as for a new account: its refusal must not tell the two apart either.
    if (inviteToken) await deps.database.withPlatform((tx) => checkInvite(tx, inviteToken, data.email));
    return noticeTaken();
  }
  const account = {
    email: data.email,
    firstName: data.firstName,
    lastName: data.lastName,
    passwordHash,
  };
  if (!inviteToken) {
    const token = newToken();
    await insertPendingSignUp(deps.database.db, {
      ...account,
      locale: data.locale ?? null,
      tokenHash: hashToken(token),
      businessName: data.businessName ?? '',
      plan: data.plan,
      addons: data.addons ?? [],
      expiresAt: new Date(Date.now() + signUpLinkTtlHours * 3_600_000),
    });
    const query = new URLSearchParams({ token, ...(data.next ? { next: data.next } : {}) });
    await sendSignUpConfirmation(deps, account, `${linkBase}/signup/confirm?${query}`);
    return null;
  }
  const fullName = `${data.firstName} ${data.lastName}`;
  const created = await deps.database
    .withPlatform(async (tx) => {
      const user = await insertUser(tx, { ...account, locale: data.locale });
      const workspaceId = await joinWorkspaceByInvite(tx, {
        token: inviteToken,
        userId: user.id,
        userEmail: user.email,
        userName: fullName,
      });
      return { userId: user.id, workspaceId };
    })
    .catch(unlessEmailTaken);
  if (!created) return noticeTaken();
  const { userId, workspaceId } = created;
  return { ...(await startSession(deps, userId, workspaceId, options.previousSessionId)), userId };
}

/** Two sign-ups with one email at once: the unique index decides; null for the loser. */
function unlessEmailTaken(error: unknown): null {
  if (isPgError(error, 'uniqueViolation', 'users_email_key')) return null;
  throw error;
}

/**
 * Opens an emailed sign-up link: creates the account and its workspace with a trial, exactly as sign-up
 * did before it was confirmed, and signs the user in. The link is used in the same transaction, so two
 * confirmations at once make one account; used, expired or unknown links are refused alike.
 */
export async function confirmSignUp(
  deps: AppDeps,
  token: string,
  previousSessionId?: string,
): Promise<NewSession & { userId: number }> {
  const created = await deps.database
    .withPlatform(async (tx) => {
      const pending = await consumePendingSignUp(tx, hashToken(token));
      if (!pending) throw AppError.badRequest('token', serverMessage('auth.signUpLinkInvalid'));
      const user = await insertUser(tx, {
        email: pending.email,
        firstName: pending.firstName,
        lastName: pending.lastName,
        passwordHash: pending.passwordHash,
        locale: pending.locale ?? undefined,
      });
      const workspaceId = await createWorkspaceIn(tx, {
        name: pending.businessName || `${pending.firstName}'s workspace`,
        plan: pending.plan ?? undefined,
        addons: pending.addons.filter(isAddonId),
        ownerId: user.id,
        ownerName: `${pending.firstName} ${pending.lastName}`,
      });
      return { userId: user.id, workspaceId };
    })
    .catch(unlessEmailTaken);
  // Another link of the same address was opened first: that one made the account.
  if (!created) throw new AppError('conflict', serverMessage('auth.signUpAlreadyConfirmed'));
  const { userId, workspaceId } = created;
  return { ...(await startSession(deps, userId, workspaceId, previousSessionId)), userId };
}

type NewWorkspace = {
  name: string;
  plan: SignUpInput['plan'];
  addons?: AddonId[];
  ownerId: number;
  ownerName: string;
};

export function createWorkspace(deps: Pick<AppDeps, 'database'>, options: NewWorkspace): Promise<number> {
  return deps.database.withPlatform((tx) => createWorkspaceIn(tx, options));
}

/**
 * A workspace with no members yet, created in the caller's transaction, which then works in it (a
 * restore fills it from a backup, members included).
 */
export async function createEmptyWorkspaceIn(
  tx: Tx,
  options: Pick<NewWorkspace, 'name' | 'plan' | 'addons'>,
): Promise<number> {
  const workspaceId = await nextWorkspaceId(tx);
  await enterWorkspace(tx, workspaceId);
  await insertWorkspace(tx, { id: workspaceId, name: options.name });
  // The plan lives in the platform subscription; the workspace row copies it from there (ADR 0013).
  await openPlatformSubscription(tx, {
    planId: options.plan ?? 'professional',
    addonIds: options.addons ?? [],
    trialEndsAt: new Date(Date.now() + trialDays * 86_400_000),
  });
  return workspaceId;
}

/**
 * Creates a workspace owned by `ownerId` inside the caller's transaction, which then works in it. It starts
 * with a testing sync token, so the iPhone sync tab's Test buttons work on the first visit.
 */
async function createWorkspaceIn(tx: Tx, options: NewWorkspace): Promise<number> {
  const workspaceId = await createEmptyWorkspaceIn(tx, options);
  await addWorkspaceOwner(tx, { workspaceId, userId: options.ownerId });
  await ensureTestSyncToken(tx, options.ownerId);
  await recordActivity(
    tx,
    'workspace_created',
    serverMessage('activity.workspaceCreated', { owner: options.ownerName, workspace: options.name }),
  );
  return workspaceId;
}

export async function signIn(
  deps: AppDeps,
  input: SignInInput,
  ip: string,
  previousSessionId?: string,
): Promise<NewSession & { userId: number }> {
  const data = signInSchema.parse(input);
  const db = deps.database.db;
  const throttles = signInThrottles(data.email, ip);
  // The attempt is counted before the password is checked: concurrent guesses cannot all pass the limit.
  await reserveAttempt(
    deps,
    [throttles.accountAndIp, throttles.account, throttles.ip],
    'auth.tooManySignIns',
  );
  const user = await findUserByEmail(db, data.email);
  if (!(await passwordMatches(user?.passwordHash, data.password)) || !user) {
    throw new AppError('unauthenticated', serverMessage('auth.invalidCredentials'));
  }
  await forgiveAttempt(deps, [throttles.accountAndIp], [throttles.account, throttles.ip]);

  let workspaceId: number | undefined;
  if (data.inviteToken) {
    workspaceId = await acceptInvite(deps.database, {
      token: data.inviteToken,
      userId: user.id,
      userEmail: user.email,
      userName: `${user.firstName} ${user.lastName}`.trim(),
    });
  }
  workspaceId ??= (await listUserWorkspaces(db, user.id))[0]?.id;
  if (!workspaceId) throw new AppError('forbidden', serverMessage('auth.noWorkspace'));
  return { ...(await startSession(deps, user.id, workspaceId, previousSessionId)), userId: user.id };
}

export async function signOut(deps: AppDeps, sessionId: string): Promise<void> {
  await deleteSession(deps.database.db, sessionId);
}

export async function getCurrentUser(deps: AppDeps, member: Member) {
  const found = await findUserWithWorkspaces(deps.database.pool, member.userId);
  const workspace = found?.workspaces.find((w) => w.id === member.workspaceId);
  if (!found || !workspace) throw new AppError('unauthenticated', serverMessage('auth.notSignedIn'));
  const { user, workspaces } = found;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    locale: shippedLocaleOrNull(user.locale),
    role: member.role,
    workspace: {
      id: workspace.id,
      name: workspace.name,
      plan: workspace.plan,
      subscriptionStatus: workspace.subscriptionStatus,
      trialEndsAt: workspace.trialEndsAt?.toISOString() ?? null,
      defaultLocale: shippedLocaleOrNull(workspace.defaultLocale),
      heldSince: workspace.heldSince?.toISOString() ?? null,
    },
    workspaces: workspaces.map((w) => ({ id: w.id, name: w.name, role: w.role })),
  };
}

/** Changes only the fields sent: the profile form sends its own, the language switcher only `locale`. */
export async function updateProfile(deps: AppDeps, member: Member, values: ProfileInput) {
  const { profileImageUrl, ...rest } = values;
  if (profileImageUrl === '') await removeProfileImage(deps, member);
  const changes = {
    ...rest,
    ...(profileImageUrl
      ? { profileImageUrl: await checkedProfileImageUrl(deps, member, profileImageUrl) }
      : {}),
  };
  if (Object.keys(changes).length > 0) await updateUser(deps.database.db, member.userId, changes);
}

export async function switchWorkspace(deps: AppDeps, member: Member, workspaceId: number): Promise<void> {
  const workspaces = await listUserWorkspaces(deps.database.db, member.userId);
  if (!workspaces.some((w) => w.id === workspaceId))
    throw new AppError('not_found', serverMessage('auth.workspaceNotFound'));
  await setSessionWorkspace(deps.database.db, member.sessionId, workspaceId);
}
