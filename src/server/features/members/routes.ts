import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema, workspaceSettingsSchema } from '../../../domain/auth/auth-schemas.js';
import { idParamSchema } from '../../../domain/ids.js';
import { roles } from '../../../domain/roles.js';
import {
  changeMemberRole,
  inviteMember,
  listMembers,
  listPendingInvites,
  removeMember,
  revokeInvite,
  updateWorkspaceSettings,
} from './service.js';

const memberSchema = z.object({
  userId: z.number(),
  role: z.enum(roles),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  joinedAt: z.date(),
});
const inviteSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.string(),
  expiresAt: z.date(),
  createdAt: z.date(),
});
const userIdParams = z.object({ userId: idParamSchema });

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/workspace/members',
    { schema: { tags: ['members'], response: { 200: z.array(memberSchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listMembers(tx)),
  );

  app.patch(
    '/api/workspace/members/:userId',
    { schema: { tags: ['members'], params: userIdParams, body: z.object({ role: z.enum(roles) }) } },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx, member) =>
        changeMemberRole(tx, { member, userId: request.params.userId, role: request.body.role }),
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/workspace/members/:userId',
    { schema: { tags: ['members'], params: userIdParams } },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx, member) =>
        removeMember(tx, { member, userId: request.params.userId }),
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/workspace/invites',
    { schema: { tags: ['members'], response: { 200: z.array(inviteSchema) } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => listPendingInvites(tx)),
  );

  app.post(
    '/api/workspace/invites',
    {
      schema: {
        tags: ['members'],
        body: z.object({ email: emailSchema, role: z.enum(['admin', 'member', 'viewer']) }),
        response: {
          201: z.object({
            id: z.number(),
            email: z.string(),
            role: z.string(),
            expiresAt: z.string(),
            inviteUrl: z.string(),
          }),
        },
      },
    },
    async (request, reply) => {
      const baseUrl = app.deps.config.PUBLIC_URL ?? `${request.protocol}://${request.headers.host}`;
      const invite = await app.inWorkspace(request, 'admin', (tx, member) =>
        inviteMember(tx, { member, email: request.body.email, role: request.body.role, baseUrl }),
      );
      return reply.status(201).send(invite);
    },
  );

  app.delete(
    '/api/workspace/invites/:id',
    { schema: { tags: ['members'], params: z.object({ id: idParamSchema }) } },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => revokeInvite(tx, request.params.id));
      return reply.status(204).send();
    },
  );

  // Workspace settings: the default language of members who chose none (admins and owners).
  app.patch(
    '/api/workspace/settings',
    { schema: { tags: ['members'], body: workspaceSettingsSchema } },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => updateWorkspaceSettings(tx, request.body));
      return reply.status(204).send();
    },
  );
};
