import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import * as oidc from 'openid-client';
import type { AppDeps } from '../../deps.js';
import { createWorkspace, type NewSession, startSession } from './service.js';
import {
  findUserByEmail,
  findUserByOidcSubject,
  insertUser,
  linkOidcSubject,
  listUserWorkspaces,
} from './store.js';

export interface OidcChecks {
  codeVerifier: string;
  state: string;
  nonce: string;
  next: string;
}

let discovered: Promise<oidc.Configuration> | null = null;

/** Discovered once per process; only called when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
function configuration(deps: AppDeps): Promise<oidc.Configuration> {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = deps.config;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) {
    throw new AppError('not_found', serverMessage('auth.ssoNotConfigured'));
  }
  const issuer = new URL(OIDC_ISSUER);
  // Plain HTTP only for a provider on this machine (development and tests).
  const isLocal =
    issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  discovered ??= oidc
    .discovery(issuer, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, undefined, {
      execute: isLocal ? [oidc.allowInsecureRequests] : [],
    })
    .catch((error) => {
      discovered = null;
      throw new AppError('unavailable', serverMessage('auth.ssoUnreachable'), {
        internal: String(error),
      });
    });
  return discovered;
}

export function isOidcEnabled(deps: AppDeps): boolean {
  return Boolean(deps.config.OIDC_ISSUER);
}

export async function startOidcSignIn(deps: AppDeps, redirectUri: string, next: string) {
  const config = await configuration(deps);
  const checks: OidcChecks = {
    codeVerifier: oidc.randomPKCECodeVerifier(),
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    next,
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
    state: checks.state,
    nonce: checks.nonce,
  });
  return { url: url.toString(), checks };
}

/**
 * Finds the user by subject; links an existing account only when the provider vouches for the
 * email; otherwise creates the user with a workspace of their own, as sign-up does.
 */
export async function finishOidcSignIn(
  deps: AppDeps,
  callbackUrl: URL,
  checks: OidcChecks,
  previousSessionId?: string,
): Promise<NewSession> {
  const config = await configuration(deps);
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
    });
    claims = tokens.claims();
  } catch (error) {
    throw new AppError('unauthenticated', serverMessage('auth.ssoFailed'), {
      internal: String(error),
    });
  }
  if (!claims?.sub) throw new AppError('unauthenticated', serverMessage('auth.ssoFailed'));
  const db = deps.database.db;
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  let user = await findUserByOidcSubject(db, claims.sub);
  if (!user && email) {
    const existing = await findUserByEmail(db, email);
    if (existing) {
      if (claims.email_verified !== true) {
        throw new AppError('conflict', serverMessage('auth.ssoNeedsPasswordFirst'));
      }
      user = await linkOidcSubject(db, existing.id, claims.sub);
    }
  }
  if (!user) {
    if (!email) throw new AppError('unauthenticated', serverMessage('auth.ssoNoEmail'));
    const firstName = typeof claims.given_name === 'string' ? claims.given_name : email.split('@')[0];
    const lastName = typeof claims.family_name === 'string' ? claims.family_name : '';
    user = await insertUser(db, { email, firstName, lastName, passwordHash: null, oidcSubject: claims.sub });
    await createWorkspace(deps, {
      name: `${firstName}'s workspace`,
      plan: 'professional',
      ownerId: user.id,
      ownerName: `${firstName} ${lastName}`.trim(),
    });
  }
  const workspaceId = (await listUserWorkspaces(db, user.id))[0]?.id;
  if (!workspaceId) throw new AppError('forbidden', serverMessage('auth.noWorkspace'));
  return startSession(deps, user.id, workspaceId, previousSessionId);
}
