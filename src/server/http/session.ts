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

export function requireMember(request: FastifyRequest, role: Role): Member {
  const member = request.member;
  if (!member) throw new AppError('unauthenticated', serverMessage('auth.notSignedIn'));
  if (!hasRole(member.role, role)) {
    throw new AppError('forbidden', serverMessage('auth.roleRequired', { role, current: member.role }));
  }
  return member;
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Writes a viewer may still make: they concern the viewer's own session, not workspace data.
const viewerWritablePaths = new Set([
  '/api/logout',
  '/api/auth/switch-workspace',
  '/api/auth/user',
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
