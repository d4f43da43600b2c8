import { AppError } from '@domain/app-error';
import { workspaceSettingsSchema } from '@domain/auth/auth-schemas';
import { idParamSchema } from '@domain/ids';
import {
  changeMemberRoleSchema,
  createdInviteSchema,
  inviteMemberSchema,
  memberUserIdParams,
  pendingInviteSchema,
  workspaceMemberSchema,
} from '@domain/members/member-schemas';
import { serverMessage } from '@domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handedOutLinkBase } from '../../http/outbound.js';
import { noContent } from '../../http/responses.js';
import {
  changeMemberRole,
  inviteMember,
  listMembers,
  listPendingInvites,
  removeMember,
  revokeInvite,
  updateWorkspaceSettings,
} from './service.js';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/workspace/members',
    { schema: { tags: ['members'], response: { 200: z.array(workspaceMemberSchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listMembers(tx)),
  );

  app.patch(
    '/api/workspace/members/:userId',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['members'],
        params: memberUserIdParams,
        body: changeMemberRoleSchema,
        response: noContent('Role changed'),
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx, member) =>
        changeMemberRole(tx, { member, userId: request.params.userId, role: request.body.role }),
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/workspace/members/:userId',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['members'],
        params: memberUserIdParams,
        response: noContent('Removed from the workspace'),
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx, member) =>
        removeMember(tx, { member, userId: request.params.userId }),
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/workspace/invites',
    {
      config: { role: 'admin' },
      schema: { tags: ['members'], response: { 200: z.array(pendingInviteSchema) } },
    },
    (request) => app.inWorkspace(request, 'admin', (tx) => listPendingInvites(tx)),
  );

  app.post(
    '/api/workspace/invites',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['members'],
        body: inviteMemberSchema,
        response: { 201: createdInviteSchema },
      },
    },
    async (request, reply) => {
      // From configuration, never the Host header (a forged one would aim the link at another site).
      const baseUrl = handedOutLinkBase(app.deps.config, app.server.address());
      if (!baseUrl) throw new AppError('unavailable', serverMessage('members.inviteNotConfigured'));
      const invite = await app.inWorkspace(request, 'admin', (tx, member) =>
        inviteMember(tx, { member, email: request.body.email, role: request.body.role, baseUrl }),
      );
      return reply.status(201).send(invite);
    },
  );

  app.delete(
    '/api/workspace/invites/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['members'],
        params: z.object({ id: idParamSchema }),
        response: noContent('Invitation withdrawn'),
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => revokeInvite(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  // Workspace settings: the default language of members who chose none (admins and owners).
  app.patch(
    '/api/workspace/settings',
    {
      config: { role: 'admin' },
      schema: { tags: ['members'], body: workspaceSettingsSchema, response: noContent('Saved') },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => updateWorkspaceSettings(tx, request.body));
      return reply.status(204).send(null);
    },
  );
};
