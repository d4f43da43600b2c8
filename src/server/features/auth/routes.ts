import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileSchema, signInSchema, signUpSchema } from '../../../domain/auth/auth-schemas.js';
import { roles } from '../../../domain/roles.js';
import {
  clearSessionCookie,
  hashToken,
  requireMember,
  sessionCookie,
  setSessionCookie,
} from '../../http/session.js';
import { getCurrentUser, signIn, signOut, signUp, switchWorkspace, updateProfile } from './service.js';

const currentUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(roles),
  workspace: z.object({
    id: z.number(),
    name: z.string(),
    plan: z.string(),
    subscriptionStatus: z.string(),
    trialEndsAt: z.string().nullable(),
  }),
  workspaces: z.array(z.object({ id: z.number(), name: z.string(), role: z.enum(roles) })),
});

const okSchema = z.object({ ok: z.literal(true) });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const secure = deps.config.NODE_ENV === 'production';
  const previousSession = (cookie: string | undefined) => (cookie ? hashToken(cookie) : undefined);

  // Browser navigation target of every 'sign in' link (spec 000 §7): the sign-in page, keeping where to go next.
  app.get(
    '/api/login',
    { schema: { tags: ['auth'], querystring: z.object({ next: z.string().startsWith('/').optional() }) } },
    (request, reply) => {
      const next = request.query.next ? `?next=${encodeURIComponent(request.query.next)}` : '';
      return reply.redirect(`/login${next}`);
    },
  );

  app.post(
    '/api/auth/signup',
    { schema: { tags: ['auth'], body: signUpSchema, response: { 201: okSchema } } },
    async (request, reply) => {
      const session = await signUp(deps, request.body, previousSession(request.cookies[sessionCookie]));
      setSessionCookie(reply, session.token, session.maxAgeSeconds, secure);
      return reply.status(201).send({ ok: true });
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { tags: ['auth'], body: signInSchema, response: { 200: okSchema } } },
    async (request, reply) => {
      const session = await signIn(
        deps,
        request.body,
        request.ip,
        previousSession(request.cookies[sessionCookie]),
      );
      setSessionCookie(reply, session.token, session.maxAgeSeconds, secure);
      return { ok: true as const };
    },
  );

  app.post('/api/logout', { schema: { tags: ['auth'] } }, async (request, reply) => {
    if (request.member) await signOut(deps, request.member.sessionId);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.get('/api/auth/user', { schema: { tags: ['auth'], response: { 200: currentUserSchema } } }, (request) =>
    getCurrentUser(deps, requireMember(request, 'viewer')),
  );

  app.patch(
    '/api/auth/user',
    { schema: { tags: ['auth'], body: profileSchema, response: { 200: currentUserSchema } } },
    async (request) => {
      const member = requireMember(request, 'viewer');
      await updateProfile(deps, member, request.body);
      return getCurrentUser(deps, member);
    },
  );

  app.post(
    '/api/auth/switch-workspace',
    {
      schema: {
        tags: ['auth'],
        body: z.object({ workspaceId: z.number().int().positive() }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await switchWorkspace(deps, requireMember(request, 'viewer'), request.body.workspaceId);
      return { ok: true as const };
    },
  );
};
