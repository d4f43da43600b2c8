import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../../domain/app-error.js';
import {
  type SignInInput,
  type SignUpInput,
  signInSchema,
  signUpSchema,
  trialDays,
} from '../../../domain/auth/auth-schemas.js';
import type { AddonId } from '../../../domain/pricing/addons.js';
import type { AppDeps } from '../../deps.js';
import { hashToken, type Member, newToken } from '../../http/session.js';
import { recordActivity } from '../activities/service.js';
import { acceptInvite } from '../members/service.js';
import { insertMembership } from '../members/store.js';
import {
  countRecentFailures,
  deleteSession,
  findUserByEmail,
  findUserById,
  insertSession,
  insertUser,
  insertWorkspace,
  listUserWorkspaces,
  nextWorkspaceId,
  recordLoginAttempt,
  setSessionWorkspace,
  updateUser,
} from './store.js';

// OWASP's argon2id baseline: 19 MiB, 2 iterations (argon2id is the library's default algorithm).
const argonOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
// Verified when the email is unknown so a wrong email and a wrong password take the same time.
const dummyHash = hash('not-a-real-password', argonOptions);

export const signInLimits = { perAccount: 5, perIp: 20, windowMinutes: 15 };
const invalidCredentials = 'Invalid email or password.';

export function hashPassword(password: string): Promise<string> {
  return hash(password, argonOptions);
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
  return { token, maxAgeSeconds };
}

/** Creates the user, then either joins the invited workspace or creates the user's own workspace with a trial. */
export async function signUp(
  deps: AppDeps,
  input: SignUpInput,
  previousSessionId?: string,
): Promise<NewSession & { userId: number }> {
  const data = signUpSchema.parse(input);
  if (await findUserByEmail(deps.database.db, data.email)) {
    throw new AppError('conflict', 'An account with this email already exists. Sign in instead.', {
      issues: [{ path: 'email', message: 'already registered' }],
    });
  }
  const passwordHash = await hashPassword(data.password);
  const user = await insertUser(deps.database.db, {
    email: data.email,
    firstName: data.firstName,
    lastName: data.lastName,
    passwordHash,
  });
  const fullName = `${data.firstName} ${data.lastName}`;
  let workspaceId: number;
  if (data.inviteToken) {
    workspaceId = await acceptInvite(deps.database, {
      token: data.inviteToken,
      userId: user.id,
      userEmail: user.email,
      userName: fullName,
    });
  } else {
    workspaceId = await createWorkspace(deps, {
      name: data.businessName || `${data.firstName}'s workspace`,
      plan: data.plan,
      addons: data.addons,
      ownerId: user.id,
      ownerName: fullName,
    });
  }
  return { ...(await startSession(deps, user.id, workspaceId, previousSessionId)), userId: user.id };
}

export async function createWorkspace(
  deps: Pick<AppDeps, 'database'>,
  options: {
    name: string;
    plan: SignUpInput['plan'];
    addons?: AddonId[];
    ownerId: number;
    ownerName: string;
  },
): Promise<number> {
  const workspaceId = await nextWorkspaceId(deps.database.db);
  await deps.database.withWorkspace(workspaceId, async (tx) => {
    await insertWorkspace(tx, {
      id: workspaceId,
      name: options.name,
      plan: options.plan ?? 'professional',
      addons: options.addons ?? [],
      trialEndsAt: new Date(Date.now() + trialDays * 86_400_000),
    });
    await insertMembership(tx, { workspaceId, userId: options.ownerId, role: 'owner' });
    await recordActivity(tx, 'workspace_created', `${options.ownerName} created ${options.name}`);
  });
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
  const { perAccount, perIp, windowMinutes } = signInLimits;
  if (
    (await countRecentFailures(db, { email: data.email }, windowMinutes)) >= perAccount ||
    (await countRecentFailures(db, { ip }, windowMinutes)) >= perIp
  ) {
    throw new AppError('rate_limited', `Too many sign-in attempts. Try again in ${windowMinutes} minutes.`);
  }
  const user = await findUserByEmail(db, data.email);
  const isValid = await verify(user?.passwordHash ?? (await dummyHash), data.password);
  await recordLoginAttempt(db, { email: data.email, ip, succeeded: Boolean(user?.passwordHash && isValid) });
  if (!user?.passwordHash || !isValid) throw new AppError('unauthenticated', invalidCredentials);

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
  if (!workspaceId)
    throw new AppError('forbidden', 'This account does not belong to any workspace any more.');
  return { ...(await startSession(deps, user.id, workspaceId, previousSessionId)), userId: user.id };
}

export async function signOut(deps: AppDeps, sessionId: string): Promise<void> {
  await deleteSession(deps.database.db, sessionId);
}

export async function getCurrentUser(deps: AppDeps, member: Member) {
  const [user, workspaces] = await Promise.all([
    findUserById(deps.database.db, member.userId),
    listUserWorkspaces(deps.database.db, member.userId),
  ]);
  const workspace = workspaces.find((w) => w.id === member.workspaceId);
  if (!user || !workspace) throw new AppError('unauthenticated', 'You are not signed in.');
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: member.role,
    workspace: {
      id: workspace.id,
      name: workspace.name,
      plan: workspace.plan,
      subscriptionStatus: workspace.subscriptionStatus,
      trialEndsAt: workspace.trialEndsAt?.toISOString() ?? null,
    },
    workspaces: workspaces.map((w) => ({ id: w.id, name: w.name, role: w.role })),
  };
}

export async function updateProfile(
  deps: AppDeps,
  member: Member,
  values: { firstName: string; lastName: string; profileImageUrl?: string },
) {
  await updateUser(deps.database.db, member.userId, {
    firstName: values.firstName,
    lastName: values.lastName,
    ...(values.profileImageUrl !== undefined ? { profileImageUrl: values.profileImageUrl || null } : {}),
  });
}

export async function switchWorkspace(deps: AppDeps, member: Member, workspaceId: number): Promise<void> {
  const workspaces = await listUserWorkspaces(deps.database.db, member.userId);
  if (!workspaces.some((w) => w.id === workspaceId)) throw AppError.notFound('Workspace');
  await setSessionWorkspace(deps.database.db, member.sessionId, workspaceId);
}
