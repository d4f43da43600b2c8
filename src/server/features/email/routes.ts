import {
  captureAddressSchema,
  connectEmailSchema,
  emailAccountSchema,
  emailConversationSchema,
  emailProcessingJobSchema,
  processEmailSchema,
  submittedEmailSchema,
} from '@domain/email/email-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../http/session.js';
import {
  connectAccount,
  getCaptureAddress,
  listConnectedAccounts,
  listProcessingJobs,
  listRecentConversations,
  submitEmail,
} from './service.js';

export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['email'];

  app.post(
    '/api/emails/process',
    {
      // A pasted email may carry up to a million characters of body (several MB once JSON-escaped); the
      // session is checked before any of it is read.
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        body: processEmailSchema,
        response: {
          202: submittedEmailSchema,
        },
      },
    },
    async (request, reply) => {
      const member = requireMember(request, 'member');
      return reply.status(202).send(await submitEmail(app.deps, member, request.body));
    },
  );

  app.get(
    '/api/emails/processing-jobs',
    { schema: { tags, response: { 200: z.array(emailProcessingJobSchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listProcessingJobs(tx)),
  );

  app.post(
    '/api/email/sync-status',
    { schema: { tags, body: connectEmailSchema, response: { 201: emailAccountSchema } } },
    async (request, reply) => {
      const member = requireMember(request, 'member');
      return reply.status(201).send(await connectAccount(app.deps, member, request.body));
    },
  );

  app.get(
    '/api/email/sync-status',
    { schema: { tags, response: { 200: z.array(emailAccountSchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listConnectedAccounts(tx)),
  );

  app.get(
    '/api/email/conversations',
    {
      schema: {
        tags,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: z.array(emailConversationSchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listRecentConversations(tx, request.query.limit)),
  );

  app.get(
    '/api/email/capture-address',
    { schema: { tags, response: { 200: captureAddressSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => getCaptureAddress(app.deps, tx)),
  );
};
