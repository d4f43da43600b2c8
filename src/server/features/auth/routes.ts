import { AppError } from '@domain/app-error';
import {
  authProvidersSchema,
  changePasswordSchema,
  currentUserSchema,
  okSchema,
  passwordResetRequestedSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  profileSchema,
  sessionAnswerSchema,
  signInSchema,
  signUpConfirmSchema,
  signUpSchema,
  switchWorkspaceSchema,
} from '@domain/auth/auth-schemas';
import { profileImageField, profileImageMaxBytes, profileImageTypes } from '@domain/auth/profile-image';
import { idParamSchema } from '@domain/ids';
import { serverMessage } from '@domain/messages';
import { packageLinkQuery } from '@domain/pricing/custom-package';
import { packageLinkSchema } from '@domain/pricing/custom-package-schemas';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handedOutLinkBase, linkBaseUrl } from '../../http/outbound.js';
import { answerOfType, noContent, redirect } from '../../http/responses.js';
import {
  clearSessionCookie,
  hashToken,
  requireMember,
  sessionCookie,
  setSessionCookie,
} from '../../http/session.js';
import { finishOidcSignIn, isOidcEnabled, type OidcChecks, startOidcSignIn } from './oidc-service.js';
import { changePassword, requestPasswordReset, resetPassword } from './password-service.js';
import { removeProfileImage, storeProfileImage, visibleProfileImage } from './profile-image.js';
import {
  confirmSignUp,
  getCurrentUser,
  signIn,
  signOut,
  signUp,
  switchWorkspace,
  updateProfile,
} from './service.js';

/** Sign-in forms are a few hundred bytes; anyone may post them, so they get far less than the app's default. */
const authBodyLimit = 16 * 1024;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const secure = deps.config.NODE_ENV === 'production';
  const previousSession = (cookie: string | undefined) => (cookie ? hashToken(cookie) : undefined);

  // Browser navigation target of every 'sign in' link (spec 000 §7): the sign-in page, keeping where to go
  // next and the package picked on a pricing screen (the page then opens on Create account with it).
  app.get(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        querystring: packageLinkSchema.extend({ next: z.string().startsWith('/').max(2000).optional() }),
        response: redirect('To the sign-in page, keeping `next` and the package picked'),
      },
    },
    async (request, reply) => {
      const { next, plan, addons } = request.query;
      const query = new URLSearchParams(packageLinkQuery({ planId: plan, addonIds: addons }));
      if (next) query.set('next', next);
      const search = query.toString();
      return reply.redirect(search ? `/login?${search}` : '/login');
    },
  );

  // The shell's "who is signed in?" probe. A visitor is a normal answer here, not an error: a 401 would make
  // the browser log a failed request on every signed-out page. GET /api/auth/user keeps its 401 (spec 000 §7).
  app.get(
    '/api/auth/session',
    { schema: { tags: ['auth'], response: { 200: sessionAnswerSchema } } },
    async (request) => ({ user: request.member ? await getCurrentUser(deps, request.member) : null }),
  );

  app.post(
    '/api/auth/signup',
    { bodyLimit: authBodyLimit, schema: { tags: ['auth'], body: signUpSchema, response: { 201: okSchema } } },
    async (request, reply) => {
      // The same status and body whether or not the email has an account; only an invited new account is
      // signed in at once, everyone else finishes through the mailed link.
      const session = await signUp(deps, request.body, request.ip, {
        previousSessionId: previousSession(request.cookies[sessionCookie]),
        linkBase: handedOutLinkBase(deps.config, app.server.address()),
      });
      if (session) setSessionCookie(reply, session.token, session.maxAgeSeconds, secure);
      return reply.status(201).send({ ok: true });
    },
  );

  app.post(
    '/api/auth/signup/confirm',
    {
      bodyLimit: authBodyLimit,
      schema: { tags: ['auth'], body: signUpConfirmSchema, response: { 200: okSchema } },
    },
    async (request, reply) => {
      const session = await confirmSignUp(
        deps,
        request.body.token,
        previousSession(request.cookies[sessionCookie]),
      );
      setSessionCookie(reply, session.token, session.maxAgeSeconds, secure);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/login',
    { bodyLimit: authBodyLimit, schema: { tags: ['auth'], body: signInSchema, response: { 200: okSchema } } },
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

  app.post(
    '/api/logout',
    { schema: { tags: ['auth'], response: noContent('Signed out') } },
    async (request, reply) => {
      if (request.member) await signOut(deps, request.member.sessionId);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

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

  // A profile picture is uploaded and served from here (never an address elsewhere: issue 30 §4).
  await app.register(multipart, {
    limits: { fileSize: profileImageMaxBytes, files: 1, fields: 0, parts: 1 },
  });
  // Too large is refused like a wrong type (as the CSV import does): 400, naming the field.
  const imageRefused = (id: 'auth.profileImageMissing' | 'auth.profileImageTooLarge') =>
    AppError.badRequest(profileImageField, serverMessage(id));

  app.post(
    '/api/auth/user/profile-image',
    {
      schema: {
        tags: ['auth'],
        consumes: ['multipart/form-data'],
        response: { 200: currentUserSchema },
      },
    },
    async (request) => {
      const member = requireMember(request, 'viewer');
      if (!request.isMultipart()) throw imageRefused('auth.profileImageMissing');
      const file = await request.file().catch(() => undefined);
      if (!file || file.fieldname !== profileImageField) throw imageRefused('auth.profileImageMissing');
      const bytes = await file.toBuffer().catch((error: { code?: string }) => {
        throw imageRefused(
          error.code === 'FST_REQ_FILE_TOO_LARGE' ? 'auth.profileImageTooLarge' : 'auth.profileImageMissing',
        );
      });
      await storeProfileImage(deps, member, bytes);
      return getCurrentUser(deps, member);
    },
  );

  app.delete(
    '/api/auth/user/profile-image',
    { schema: { tags: ['auth'], response: { 200: currentUserSchema } } },
    async (request) => {
      const member = requireMember(request, 'viewer');
      await removeProfileImage(deps, member);
      return getCurrentUser(deps, member);
    },
  );

  app.get(
    '/api/users/:id/profile-image',
    {
      schema: {
        tags: ['auth'],
        params: z.object({ id: idParamSchema }),
        response: answerOfType(profileImageTypes, "The user's uploaded profile image"),
      },
    },
    async (request, reply) => {
      const image = await visibleProfileImage(deps, requireMember(request, 'viewer'), request.params.id);
      // Its type is the one its bytes proved at upload; nosniff keeps a browser from guessing another.
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(image.bytes);
    },
  );

  app.post(
    '/api/auth/password',
    { schema: { tags: ['auth'], body: changePasswordSchema, response: { 200: okSchema } } },
    async (request) => {
      await changePassword(deps, requireMember(request, 'viewer'), request.body, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/password-reset',
    {
      bodyLimit: authBodyLimit,
      schema: {
        tags: ['auth'],
        body: passwordResetRequestSchema,
        response: { 202: passwordResetRequestedSchema },
      },
    },
    async (request, reply) => {
      // The link must point at this product: from the Host header an attacker could aim it at their own site.
      const baseUrl = handedOutLinkBase(deps.config, app.server.address());
      if (!baseUrl) throw new AppError('unavailable', serverMessage('auth.resetNotConfigured'));
      await requestPasswordReset(deps, request.body.email, request.ip, baseUrl);
      return reply.status(202).send({
        ok: true as const,
        message: 'If an account uses that email, a link to reset its password is on its way.',
      });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      bodyLimit: authBodyLimit,
      schema: { tags: ['auth'], body: passwordResetSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await resetPassword(deps, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/switch-workspace',
    {
      schema: {
        tags: ['auth'],
        body: switchWorkspaceSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await switchWorkspace(deps, requireMember(request, 'viewer'), request.body.workspaceId);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['auth'],
        response: { 200: authProvidersSchema },
      },
    },
    () => ({ password: true as const, oidc: isOidcEnabled(deps) }),
  );

  // Optional single sign-on (OIDC authorization code + PKCE); the checks travel in a signed, short-lived cookie.
  const oidcCookie = 'hub_oidc';
  const callbackUrl = () => `${linkBaseUrl(deps.config, app.server.address())}/api/auth/oidc/callback`;

  app.get(
    '/api/auth/oidc/start',
    {
      schema: {
        tags: ['auth'],
        querystring: z.object({ next: z.string().startsWith('/').optional() }),
        response: redirect('To the identity provider'),
      },
    },
    async (request, reply) => {
      const { url, checks } = await startOidcSignIn(deps, callbackUrl(), request.query.next ?? '/dashboard');
      reply.setCookie(oidcCookie, JSON.stringify(checks), {
        path: '/api/auth/oidc',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        signed: true,
        maxAge: 600,
      });
      return reply.redirect(url);
    },
  );

  app.get(
    '/api/auth/oidc/callback',
    {
      schema: {
        tags: ['auth'],
        response: redirect('Signed in: to `next`; refused: to /login with the error'),
      },
    },
    async (request, reply) => {
      const raw = request.cookies[oidcCookie];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      reply.clearCookie(oidcCookie, { path: '/api/auth/oidc' });
      try {
        if (!unsigned?.valid || !unsigned.value) throw new Error('Single sign-on expired. Please try again.');
        const checks = JSON.parse(unsigned.value) as OidcChecks;
        const query = request.url.slice(request.url.indexOf('?'));
        const session = await finishOidcSignIn(
          deps,
          new URL(`${callbackUrl()}${query}`),
          checks,
          previousSession(request.cookies[sessionCookie]),
        );
        setSessionCookie(reply, session.token, session.maxAgeSeconds, secure);
        return reply.redirect(checks.next.startsWith('/') ? checks.next : '/dashboard');
      } catch (error) {
        const message = error instanceof AppError ? error.userMessage : (error as Error).message;
        return reply.redirect(`/login?error=${encodeURIComponent(message)}`);
      }
    },
  );
};
