import type { ServerResponse } from 'node:http';
import { idParamSchema } from '@domain/ids';
import {
  deliverySchema,
  deploymentStatusSchema,
  deployResultSchema,
  endpointCreateSchema,
  endpointHealthWindowDays,
  endpointListQuerySchema,
  endpointUpdateSchema,
  endpointWithHealthSchema,
  liveEventsSchema,
  testWebhookResultSchema,
  testWebhookSchema,
  webhookConfigsSchema,
  webhookReceivedSchema,
} from '@domain/webhooks/webhook-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../http/csv-download.js';
import { answerOfType, jsonFile, noContent } from '../../http/responses.js';
import { closeDeliveryClient, replayDelivery } from './deliveries.js';
import { configFile, deploymentPackage, snippetFile } from './downloads.js';
import { endpointsWithHealth } from './endpoint-accounts.js';
import { createLiveBus } from './live-bus.js';
import {
  addEndpoint,
  deploymentStatus,
  deployWebhooks,
  enableEndpoint,
  endpointDeliveries,
  liveEvents,
  receiveEvent,
  removeEndpoint,
  testWebhook,
  updateEndpoint,
  webhookConfigs,
} from './service.js';

const tags = ['webhooks'];
const idParams = z.object({ id: idParamSchema });
const appParams = z.object({ appId: idParamSchema });

/**
 * Spec 001's events in, the Webhook Deployment Center (configs, deployment, downloads, endpoints and their
 * delivery log) and the live events every operations screen shows. Writes are for admins and owners.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const bus = createLiveBus(deps.database.pool, app.log);
  const streams = new Set<ServerResponse>();
  // Open event streams never go idle: they are ended first, or closing the server would wait on them.
  app.addHook('preClose', async () => {
    for (const raw of streams) raw.end();
    streams.clear();
  });
  app.addHook('onClose', async () => {
    await bus.close();
    await closeDeliveryClient(deps.config);
  });

  // ---- events in (public: the Standard Webhooks signature authenticates) ----
  await app.register(async (inbound) => {
    // The signature covers the exact bytes sent: the body is kept as text and parsed after verifying.
    inbound.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_r, body, done) => done(null, body),
    );
    inbound.withTypeProvider<ZodTypeProvider>().post(
      '/api/webhooks/in/:appId',
      {
        schema: {
          tags,
          summary: "An app's signed event (Standard Webhooks)",
          params: appParams,
          // 202 when first received, 200 for a delivery seen before (the sender's retry).
          response: { 200: webhookReceivedSchema, 202: webhookReceivedSchema },
        },
      },
      async (request, reply) => {
        const body = typeof request.body === 'string' ? request.body : '';
        const result = await receiveEvent(deps, request.params.appId, body, request.headers);
        return reply
          .status(result.duplicate ? 200 : 202)
          .send({ received: true, duplicate: result.duplicate });
      },
    );
  });

  // ---- Webhook Deployment Center ----
  app.get('/api/webhook-configs', { schema: { tags, response: { 200: webhookConfigsSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => webhookConfigs(deps, tx)),
  );
  app.get(
    '/api/deployment-status',
    { schema: { tags, response: { 200: deploymentStatusSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => deploymentStatus(tx)),
  );
  app.post(
    '/api/deploy-webhooks',
    { config: { role: 'admin' }, schema: { tags, response: { 200: deployResultSchema } } },
    async (request) => {
      const member = await app.inWorkspace(request, 'admin', async (_tx, m) => m);
      return deployWebhooks(deps, member.workspaceId);
    },
  );
  app.post(
    '/api/test-webhook/:appId',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        params: appParams,
        body: testWebhookSchema,
        response: { 200: testWebhookResultSchema },
      },
    },
    async (request) => {
      const member = await app.inWorkspace(request, 'admin', async (_tx, m) => m);
      const message = request.body.testData?.test_message ?? 'Test webhook from Business Hub';
      return testWebhook(deps, member.workspaceId, request.params.appId, message);
    },
  );
  const download = (reply: FastifyReply, file: { fileName: string; body: string }, type: string) =>
    reply.header('content-disposition', attachmentDisposition(file.fileName)).type(type).send(file.body);
  app.get(
    '/api/webhook-config/:appId/download',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        params: appParams,
        response: answerOfType(
          'application/json',
          "The app's webhook configuration, as an attachment",
          jsonFile,
        ),
      },
    },
    async (request, reply) =>
      download(
        reply,
        await app.inWorkspace(request, 'admin', (tx) => configFile(deps, tx, request.params.appId)),
        'application/json',
      ),
  );
  app.get(
    '/api/webhook-snippet/:appId/download',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        params: appParams,
        response: answerOfType('text/javascript', 'The receiving code for the app, as an attachment'),
      },
    },
    async (request, reply) =>
      download(
        reply,
        await app.inWorkspace(request, 'admin', (tx) => snippetFile(deps, tx, request.params.appId)),
        'text/javascript',
      ),
  );
  app.get(
    '/api/deployment-package/download',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        response: answerOfType(
          'application/json',
          "Every app's webhook configuration, as an attachment",
          jsonFile,
        ),
      },
    },
    async (request, reply) =>
      download(
        reply,
        await app.inWorkspace(request, 'admin', (tx) => deploymentPackage(deps, tx)),
        'application/json',
      ),
  );

  // ---- endpoints, triggers and the delivery log ----
  app.get(
    '/api/webhook-endpoints',
    {
      schema: {
        tags,
        description: `Endpoints (of an app, of a company, or all) with their delivery health over ${endpointHealthWindowDays} days.`,
        querystring: endpointListQuerySchema,
        response: { 200: z.array(endpointWithHealthSchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => endpointsWithHealth(deps, tx, request.query)),
  );
  app.post(
    '/api/webhook-endpoints',
    {
      config: { role: 'admin' },
      schema: { tags, body: endpointCreateSchema, response: { 201: endpointWithHealthSchema } },
    },
    async (request, reply) => {
      const created = await app.inWorkspace(request, 'admin', (tx) => addEndpoint(deps, tx, request.body));
      return reply.status(201).send(created);
    },
  );
  app.patch(
    '/api/webhook-endpoints/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Its URL, event filter (replaced whole) or account (company, notice contact; null unlinks).',
        params: idParams,
        body: endpointUpdateSchema,
        response: { 200: endpointWithHealthSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx) => updateEndpoint(deps, tx, request.params.id, request.body)),
  );
  app.delete(
    '/api/webhook-endpoints/:id',
    { config: { role: 'admin' }, schema: { tags, params: idParams, response: noContent('Removed') } },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => removeEndpoint(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/webhook-endpoints/:id/enable',
    {
      config: { role: 'admin' },
      schema: { tags, params: idParams, response: { 200: endpointWithHealthSchema } },
    },
    (request) => app.inWorkspace(request, 'admin', (tx) => enableEndpoint(deps, tx, request.params.id)),
  );
  app.get(
    '/api/webhook-endpoints/:id/deliveries',
    { schema: { tags, params: idParams, response: { 200: z.array(deliverySchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => endpointDeliveries(tx, request.params.id)),
  );
  app.post(
    '/api/webhook-deliveries/:id/replay',
    {
      config: { role: 'admin' },
      schema: { tags, params: idParams, response: { 202: z.object({ id: z.number() }) } },
    },
    async (request, reply) => {
      const replay = await app.inWorkspace(request, 'admin', (tx, member) =>
        replayDelivery(deps, tx, member.workspaceId, request.params.id),
      );
      return reply.status(202).send(replay);
    },
  );

  // ---- live events: the latest ten, and (server-sent events, hidden from the OpenAPI route list: it never
  // ends) each as it happens ----
  app.get('/api/live-events', { schema: { tags, response: { 200: liveEventsSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => liveEvents(tx)),
  );
  const stream = async (request: FastifyRequest, reply: FastifyReply, workspaceId: number) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    streams.add(raw);
    const unsubscribe = await bus.subscribe(workspaceId, (event) =>
      raw.write(`id: ${event.id}\nevent: live-event\ndata: ${JSON.stringify(event)}\n\n`),
    );
    raw.write(': connected\n\n');
    const ping = setInterval(() => raw.write(': ping\n\n'), 25_000);
    request.raw.on('close', () => {
      clearInterval(ping);
      unsubscribe();
      streams.delete(raw);
    });
  };
  app.get('/api/live-events/stream', { schema: { hide: true } }, async (request, reply) => {
    const member = await app.inWorkspace(request, 'viewer', async (_tx, m) => m);
    await stream(request, reply, member.workspaceId);
  });

  // ---- the public read-only twins of /webhook-demo (and /phase3-demo's live events) ----
  // The demo twins of the three operations screens share one URL prefix, which the spec fixes.
  const demo = '/api/demo/operations';
  app.get(`${demo}/webhook-configs`, { schema: { tags, response: { 200: webhookConfigsSchema } } }, () =>
    app.inDemoWorkspace((tx) => webhookConfigs(deps, tx)),
  );
  app.get(`${demo}/deployment-status`, { schema: { tags, response: { 200: deploymentStatusSchema } } }, () =>
    app.inDemoWorkspace((tx) => deploymentStatus(tx)),
  );
  app.get(`${demo}/live-events`, { schema: { tags, response: { 200: liveEventsSchema } } }, () =>
    app.inDemoWorkspace((tx) => liveEvents(tx)),
  );
  app.get(`${demo}/live-events/stream`, { schema: { hide: true } }, async (request, reply) => {
    const workspaceId = await app.inDemoWorkspace(async (_tx, id) => id);
    await stream(request, reply, workspaceId);
  });
};
