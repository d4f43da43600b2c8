import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectEmailSchema,
  emailDirections,
  processEmailSchema,
} from '../../../domain/email/email-schemas.js';
import { emailProviders } from '../../../domain/email/providers.js';
import { requireMember } from '../../http/session.js';
import {
  captureAddress,
  connectAccount,
  listConnectedAccounts,
  listProcessingJobs,
  listRecentConversations,
  submitEmail,
} from './service.js';

const processingJobSchema = z.object({
  id: z.number(),
  message_id: z.string(),
  origin: z.enum(['manual', 'imap', 'capture']),
  from_email: z.string(),
  to_email: z.string(),
  subject: z.string().nullable(),
  direction: z.enum(emailDirections),
  processed: z.boolean(),
  contact_created: z.boolean(),
  contact_id: z.number().nullable(),
  error_message: z.string().nullable(),
  created_at: z.string(),
});

const accountSchema = z.object({
  id: z.number(),
  email: z.string(),
  provider: z.enum(emailProviders),
  isActive: z.boolean(),
  lastError: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  imapHost: z.string(),
  createdAt: z.string(),
});

const conversationSchema = z.object({
  id: z.number(),
  subject: z.string().nullable(),
  direction: z.enum(emailDirections),
  fromEmail: z.string(),
  toEmail: z.string(),
  receivedAt: z.string(),
  contactId: z.number().nullable(),
});

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
          202: z.object({
            jobId: z.number(),
            messageId: z.string(),
            duplicate: z.boolean(),
            message: z.string(),
          }),
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
    { schema: { tags, response: { 200: z.array(processingJobSchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listProcessingJobs(tx)),
  );

  app.post(
    '/api/email/sync-status',
    { schema: { tags, body: connectEmailSchema, response: { 201: accountSchema } } },
    async (request, reply) => {
      const member = requireMember(request, 'member');
      return reply.status(201).send(await connectAccount(app.deps, member, request.body));
    },
  );

  app.get(
    '/api/email/sync-status',
    { schema: { tags, response: { 200: z.array(accountSchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listConnectedAccounts(tx)),
  );

  app.get(
    '/api/email/conversations',
    {
      schema: {
        tags,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: z.array(conversationSchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listRecentConversations(tx, request.query.limit)),
  );

  app.get(
    '/api/email/capture-address',
    { schema: { tags, response: { 200: z.object({ address: z.string() }) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => captureAddress(app.deps, tx)),
  );
};
