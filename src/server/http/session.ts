import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import { hasRole, type Role } from '@domain/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx, WorkspaceTxOptions } from '../db/database.js';
import { authenticateApiKey } from '../features/api-keys/service.js';
import { isPublicApiRoute } from './public-routes.js';

export const sessionCookie = 'hub_sid';

export interface Member {
  sessionId: string;
  userId: number;
  workspaceId: number;
  role: Role;
  /** Set when the request authenticated with an API key instead of a session cookie. */
  apiKeyId?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The least role the route serves, checked as soon as the session is known: before the body is
     * read or validated, so a member learns "forbidden" rather than the input rules of an admin form.
     * A route whose handler asks inWorkspace/requireMember for more than this must declare it here.
     */
    role?: Role;
  }
  interface FastifyRequest {
    member: Member | null;
  }
  interface FastifyInstance {
    /** Checks the signed-in member's role, then runs `fn` inside their workspace (row-level security). */
    inWorkspace<T>(
      request: FastifyRequest,
      role: Role,
      fn: (tx: Tx, member: Member) => Promise<T>,
      options?: WorkspaceTxOptions,
    ): Promise<T>;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The role a route declares (`config.role`); a route that declares none serves every member. */
function declaredRole(request: FastifyRequest): Role {
  return request.routeOptions.config?.role ?? 'viewer';
}

export function requireMember(request: FastifyRequest, role: Role): Member {
  const declared = declaredRole(request);
  // A handler asking for admin or owner when its route declares less means that role is checked only
  // after the body's validation, and a member would see the admin form's field errors. (Member over
  // viewer needs no declaration: the session hook refuses viewers' writes before validation.) Loud in
  // development and tests; in production the role below is still enforced, so the slip is only logged.
  if (hasRole(role, 'admin') && !hasRole(declared, role)) {
    const slip = `${request.method} ${request.routeOptions.url} checks role ${role} but declares config.role ${declared}`;
    if (request.server.deps.config.NODE_ENV !== 'production') throw new Error(slip);
    request.log.error(slip);
  }
  const member = request.member;
  if (!member) throw new AppError('unauthenticated', serverMessage('auth.notSignedIn'));
  if (!hasRole(member.role, role)) {
    throw new AppError('forbidden', serverMessage('auth.roleRequired', { role, current: member.role }));
  }
  return member;
}

/** The route's declared role, checked in onRequest: before the body is parsed or validated. */
function requireDeclaredRole(request: FastifyRequest): void {
  const role = declaredRole(request);
  if (request.member && !hasRole(request.member.role, role)) {
    throw new AppError(
      'forbidden',
      serverMessage('auth.roleRequired', { role, current: request.member.role }),
    );
  }
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Writes a viewer may still make: they concern the viewer's own session, not workspace data.
const viewerWritablePaths = new Set([
  '/api/logout',
  '/api/auth/switch-workspace',
  '/api/auth/user',
  '/api/auth/user/profile-image',
  '/api/auth/password',
]);

/** Scheme, host and port: a page on http:// may not write to the https:// site of the same host. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function sameOrigin(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  const origin = source ? originOf(source) : null;
  if (!origin || origin === 'null') return false;
  if (publicUrl !== undefined && origin === originOf(publicUrl)) return true;
  return origin === originOf(`${request.protocol}://${request.headers.host}`);
}

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const { database, config } = app.deps;
  app.decorateRequest('member', null);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const routeUrl = request.routeOptions.url;
    const isProtected = routeUrl?.startsWith('/api/') && !isPublicApiRoute(request.method, routeUrl);
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer && isProtected) {
      // No cookie is involved, so there is no CSRF to check; the key alone decides.
      const member = await authenticateApiKey(database, bearer);
      const path = request.url.split('?')[0];
      if (unsafeMethods.has(request.method) && viewerWritablePaths.has(path)) {
        throw new AppError('forbidden', serverMessage('auth.sessionOnly'));
      }
      if (unsafeMethods.has(request.method) && member.role === 'viewer') {
        throw new AppError('forbidden', serverMessage('auth.apiKeyReadOnly'));
      }
      request.member = member;
      requireDeclaredRole(request);
      return;
    }
    const token = request.cookies[sessionCookie];
    if (!token) {
      // Authentication comes before validation: a signed-out caller learns nothing about the input rules.
      if (isProtected) throw new AppError('unauthenticated', serverMessage('auth.notSignedIn'));
      return;
    }
    if (unsafeMethods.has(request.method) && !sameOrigin(request, config.PUBLIC_URL)) {
      // Cookie-authenticated writes must come from our own pages (CSRF); SameSite=Lax covers most, this covers the rest.
      throw new AppError('forbidden', serverMessage('auth.crossSite'));
    }
    const sessionId = hashToken(token);
    // Named: each pooled connection parses and plans it once, not on every request.
    const { rows } = await database.pool.query({
      name: 'session-lookup',
      text: 'select user_id, workspace_id, role from app_session_lookup($1)',
      values: [sessionId],
    });
    const row = rows[0];
    if (!row) {
      if (isProtected) throw new AppError('unauthenticated', serverMessage('auth.sessionEnded'));
      return;
    }
    request.member = {
      sessionId,
      userId: row.user_id,
      workspaceId: row.workspace_id,
      role: row.role,
    };
    const path = request.url.split('?')[0];
    if (unsafeMethods.has(request.method) && row.role === 'viewer' && !viewerWritablePaths.has(path)) {
      throw new AppError('forbidden', serverMessage('auth.viewerReadOnly'));
    }
    requireDeclaredRole(request);
  });

  app.decorate('inWorkspace', async function inWorkspace<
    T,
  >(request: FastifyRequest, role: Role, fn: (tx: Tx, member: Member) => Promise<T>, options?: WorkspaceTxOptions): Promise<T> {
    const member = requireMember(request, role);
    return database.withWorkspace(member.workspaceId, (tx) => fn(tx, member), options);
  });
});

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
  secure: boolean,
): void {
  reply.setCookie(sessionCookie, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(sessionCookie, { path: '/' });
}
