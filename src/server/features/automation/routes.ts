import {
  automationMetricsSchema,
  automationSettingsSchema,
  automationSettingsUpdateSchema,
  bookingReceivedSchema,
  bookingWebhookParamsSchema,
  bookingWebhookSchema,
  contactIdParamsSchema,
  runListQuerySchema,
  workflowCreateSchema,
  workflowDetailSchema,
  workflowIdParamsSchema,
  workflowRunSchema,
  workflowSummarySchema,
  workflowUpdateSchema,
} from '@domain/automation/workflow-schemas';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onContactEvent } from '../../events/contact-events.js';
import { publicOrigin } from '../../http/public-origin.js';
import { bookingWebhook, receiveBooking, sequenceExitListener } from './sequences.js';
import {
  automationMetrics,
  contactEventListener,
  createWorkflow,
  deleteWorkflow,
  getWorkflow,
  listContactRuns,
  listWorkflowRuns,
  listWorkflows,
  readAutomationSettings,
  updateWorkflow,
  writeAutomationSettings,
} from './service.js';

const tags = ['automation'];

export const automationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Contact events start workflows; this app's listener leaves with it.
  const unsubscribe = onContactEvent(contactEventListener(app.deps));
  const unsubscribeExits = onContactEvent(sequenceExitListener(app.deps));
  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribeExits();
  });

  app.get(
    '/api/sequences/booking-webhook',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'The workspace’s booking webhook for sequences’ “booked a meeting” exit (admins and owners): the URL to ' +
          'give Cal.com or Calendly and the secret they sign with.',
        response: { 200: bookingWebhookSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', async (_tx, m) =>
        bookingWebhook(app.deps, publicOrigin(request, app.deps.config.PUBLIC_URL), m.workspaceId),
      ),
  );

  // Public: the provider's signature (HMAC-SHA256 with the workspace's secret) authenticates. It covers
  // the exact bytes sent, so this scope keeps JSON bodies as text and parses them after verifying.
  await app.register(async (inbound) => {
    inbound.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_r, body, done) => done(null, body),
    );
    inbound.withTypeProvider<ZodTypeProvider>().post(
      '/api/sequences/bookings/:workspaceId',
      {
        schema: {
          tags,
          description:
            'A booking from Cal.com (BOOKING_CREATED, X-Cal-Signature-256) or Calendly (invitee.created, ' +
            'Calendly-Webhook-Signature): the invitee’s contact leaves the sequences that exit on a booked meeting.',
          params: bookingWebhookParamsSchema,
          response: { 200: bookingReceivedSchema },
        },
      },
      (request) =>
        receiveBooking(
          app.deps,
          request.params.workspaceId,
          typeof request.body === 'string' ? request.body : '',
          request.headers,
        ),
    );
  });

  app.get(
    '/api/workflows',
    {
      schema: {
        tags,
        description:
          'The workspace’s workflows (spec 000 §7): id, name, description, status (draft, active, paused).',
        response: { 200: z.array(workflowSummarySchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listWorkflows(tx)),
  );

  app.post(
    '/api/workflows',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Creates a workflow (admins and owners): trigger, optional conditions (all must hold), steps. Active ones start runs.',
        body: workflowCreateSchema,
        response: { 201: workflowDetailSchema },
      },
    },
    async (request, reply) => {
      const workflow = await app.inWorkspace(request, 'admin', (tx) => createWorkflow(tx, request.body));
      return reply.status(201).send(workflow);
    },
  );

  app.get(
    '/api/workflows/:id',
    {
      schema: {
        tags,
        description: 'A workflow with its current version’s definition and its runs counted by status.',
        params: workflowIdParamsSchema,
        response: { 200: workflowDetailSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => getWorkflow(tx, request.params.id)),
  );

  app.patch(
    '/api/workflows/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Changes the fields present (admins and owners). A changed definition of an active or already-run workflow ' +
          'becomes a new version; runs under way finish on theirs.',
        params: workflowIdParamsSchema,
        body: workflowUpdateSchema,
        response: { 200: workflowDetailSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx) => updateWorkflow(tx, request.params.id, request.body)),
  );

  app.delete(
    '/api/workflows/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Deletes a workflow and its run history (admins and owners).',
        params: workflowIdParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => deleteWorkflow(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/workflows/:id/runs',
    {
      schema: {
        tags,
        description: 'The workflow’s latest runs with their steps (attempts, result, failure reason).',
        params: workflowIdParamsSchema,
        querystring: runListQuerySchema,
        response: { 200: z.array(workflowRunSchema) },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) =>
        listWorkflowRuns(tx, request.params.id, request.query.limit),
      ),
  );

  app.get(
    '/api/contacts/:contactId/workflow-runs',
    {
      schema: {
        tags,
        description: 'The workflow runs of one contact, newest first.',
        params: contactIdParamsSchema,
        querystring: runListQuerySchema,
        response: { 200: z.array(workflowRunSchema) },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) =>
        listContactRuns(tx, request.params.contactId, request.query.limit),
      ),
  );

  app.get(
    '/api/automation/metrics',
    {
      schema: {
        tags,
        description:
          'The automation panel’s figures over the last 30 days, from real runs; each null until something was measured.',
        response: { 200: automationMetricsSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => automationMetrics(app.deps, tx)),
  );

  app.get(
    '/api/automation/settings',
    {
      schema: {
        tags,
        description: 'Run retention (days), open and click tracking, marketing send rate per minute.',
        response: { 200: automationSettingsSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => readAutomationSettings(tx)),
  );

  app.patch(
    '/api/automation/settings',
    {
      config: { role: 'owner' },
      schema: {
        tags,
        description: 'Changes the automation settings present (the owner).',
        body: automationSettingsUpdateSchema,
        response: { 200: automationSettingsSchema },
      },
    },
    (request) => app.inWorkspace(request, 'owner', (tx) => writeAutomationSettings(tx, request.body)),
  );
};
