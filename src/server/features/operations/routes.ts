import type { ServerResponse } from 'node:http';
import { idParamSchema } from '@domain/ids';
import {
  monitorCreateSchema,
  monitorEditSchema,
  monitorSchema,
  monitorsSchema,
  monitorUpdateSchema,
} from '@domain/monitoring/monitoring-schemas';
import {
  featuresSchema,
  featuresUpdateSchema,
  healthCheckSchema,
  integrateAllSchema,
  integrateStartSchema,
  integrationStatusSchema,
  monitoringConfigSchema,
  superhubDashboardSchema,
} from '@domain/superhub/superhub-schemas';
import {
  deliverySchema,
  deploymentStatusSchema,
  deployResultSchema,
  endpointCreateSchema,
  endpointSchema,
  liveEventsSchema,
  testWebhookResultSchema,
  testWebhookSchema,
  webhookConfigsSchema,
} from '@domain/webhooks/webhook-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../http/csv-download.js';
import { closeDeliveryClient, replayDelivery } from './deliveries.js';
import { demoAppWebhooks } from './demo-apps.js';
import { configFile, deploymentPackage, deploymentScript, snippetFile } from './downloads.js';
import { startAllIntegrations, startIntegration } from './integration.js';
import { createLiveBus } from './live-bus.js';
import { closeProbeClient } from './probe.js';
import {
  addEndpoint,
  addMonitor,
  configureAppMonitor,
  deploymentStatus,
  deployWebhooks,
  editMonitor,
  enableEndpoint,
  endpointDeliveries,
  healthCheck,
  integrationStatus,
  listEndpoints,
  listMonitors,
  liveEvents,
  monitoringConfig,
  readFeatures,
  receiveEvent,
  removeEndpoint,
  removeMonitor,
  superhubDashboard,
  testWebhook,
  updateFeatures,
  webhookConfigs,
} from './service.js';

const tags = ['operations'];
const idParams = z.object({ id: idParamSchema });
const appParams = z.object({ appId: idParamSchema });

/** Spec 001's Central Monitoring, Webhook Deployment Center and Phase 3 calls. Writes are for admins and owners. */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
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
    await closeProbeClient(deps.config);
  });

  // ---- events in (public: the Standard Webhooks signature authenticates) ----
  await app.register(async (inbound) => {
    // The signature covers the exact bytes sent: the body is kept as text and parsed after verifying.
    inbound.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_r, body, done) => done(null, body),
    );
    inbound
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/webhooks/in/:appId',
        { schema: { tags, summary: "An app's signed event (Standard Webhooks)", params: appParams } },
        async (request, reply) => {
          const body = typeof request.body === 'string' ? request.body : '';
          const result = await receiveEvent(deps, request.params.appId, body, request.headers);
          return reply
            .status(result.duplicate ? 200 : 202)
            .send({ received: true, duplicate: result.duplicate });
        },
      );
  });
  await app.register(demoAppWebhooks);

  // ---- Central Monitoring ----
  app.get(
    '/api/superhub-dashboard',
    { schema: { tags, response: { 200: superhubDashboardSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => superhubDashboard(deps, tx)),
  );
  app.put(
    '/api/superhub/features',
    { schema: { tags, body: featuresUpdateSchema, response: { 200: featuresSchema } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => updateFeatures(tx, request.body)),
  );
  app.get('/api/superhub/features', { schema: { tags, response: { 200: featuresSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => readFeatures(tx)),
  );
  app.get('/api/monitors', { schema: { tags, response: { 200: monitorsSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => listMonitors(deps, tx)),
  );
  app.put(
    '/api/monitors/apps/:appId',
    { schema: { tags, params: appParams, body: monitorUpdateSchema } },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) =>
        configureAppMonitor(tx, request.params.appId, request.body),
      );
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/monitors',
    { schema: { tags, body: monitorCreateSchema, response: { 201: monitorSchema } } },
    async (request, reply) => {
      const created = await app.inWorkspace(request, 'admin', (tx) => addMonitor(deps, tx, request.body));
      return reply.status(201).send(created);
    },
  );
  app.put(
    '/api/monitors/:id',
    { schema: { tags, params: idParams, body: monitorEditSchema, response: { 200: monitorSchema } } },
    (request) =>
      app.inWorkspace(request, 'admin', (tx) => editMonitor(deps, tx, request.params.id, request.body)),
  );
  app.delete('/api/monitors/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    await app.inWorkspace(request, 'admin', (tx) => removeMonitor(tx, request.params.id));
    return reply.status(204).send();
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
    { schema: { tags, response: { 200: deployResultSchema } } },
    async (request) => {
      const member = await app.inWorkspace(request, 'admin', async (_tx, m) => m);
      return deployWebhooks(deps, member.workspaceId);
    },
  );
  app.post(
    '/api/test-webhook/:appId',
    {
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
    { schema: { tags, params: appParams } },
    async (request, reply) =>
      download(
        reply,
        await app.inWorkspace(request, 'admin', (tx) => configFile(deps, tx, request.params.appId)),
        'application/json',
      ),
  );
  app.get(
    '/api/webhook-snippet/:appId/download',
    { schema: { tags, params: appParams } },
    async (request, reply) =>
      download(
        reply,
        await app.inWorkspace(request, 'admin', (tx) => snippetFile(deps, tx, request.params.appId)),
        'text/javascript',
      ),
  );
  app.get('/api/deployment-script/:appId', { schema: { tags, params: appParams } }, async (request, reply) =>
    download(
      reply,
      await app.inWorkspace(request, 'admin', (tx) => deploymentScript(deps, tx, request.params.appId)),
      'text/x-shellscript',
    ),
  );
  app.get('/api/deployment-package/download', { schema: { tags } }, async (request, reply) =>
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
        querystring: z.object({ appId: idParamSchema.optional() }),
        response: { 200: z.array(endpointSchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listEndpoints(tx, request.query.appId)),
  );
  app.post(
    '/api/webhook-endpoints',
    { schema: { tags, body: endpointCreateSchema, response: { 201: endpointSchema } } },
    async (request, reply) => {
      const created = await app.inWorkspace(request, 'admin', (tx) => addEndpoint(tx, request.body));
      return reply.status(201).send(created);
    },
  );
  app.delete('/api/webhook-endpoints/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    await app.inWorkspace(request, 'admin', (tx) => removeEndpoint(tx, request.params.id));
    return reply.status(204).send();
  });
  app.post(
    '/api/webhook-endpoints/:id/enable',
    { schema: { tags, params: idParams, response: { 200: endpointSchema } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => enableEndpoint(tx, request.params.id)),
  );
  app.get(
    '/api/webhook-endpoints/:id/deliveries',
    { schema: { tags, params: idParams, response: { 200: z.array(deliverySchema) } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => endpointDeliveries(tx, request.params.id)),
  );
  app.post(
    '/api/webhook-deliveries/:id/replay',
    { schema: { tags, params: idParams, response: { 202: z.object({ id: z.number() }) } } },
    async (request, reply) => {
      const replay = await app.inWorkspace(request, 'admin', (tx, member) =>
        replayDelivery(deps, tx, member.workspaceId, request.params.id),
      );
      return reply.status(202).send(replay);
    },
  );

  // ---- Phase 3 ----
  app.get(
    '/api/integration-status',
    { schema: { tags, response: { 200: integrationStatusSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => integrationStatus(tx)),
  );
  app.post(
    '/api/integrate/:appId',
    { schema: { tags, params: appParams, response: { 202: integrateStartSchema } } },
    async (request, reply) => {
      const started = await app.inWorkspace(request, 'admin', (tx, member) =>
        startIntegration(deps, tx, member.workspaceId, request.params.appId),
      );
      return reply.status(202).send(started);
    },
  );
  app.post(
    '/api/integrate-all',
    { schema: { tags, response: { 202: integrateAllSchema } } },
    async (request, reply) => {
      const started = await app.inWorkspace(request, 'admin', (tx, member) =>
        startAllIntegrations(deps, tx, member.workspaceId),
      );
      return reply.status(202).send(started);
    },
  );
  app.get('/api/live-events', { schema: { tags, response: { 200: liveEventsSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => liveEvents(tx)),
  );
  app.get('/api/health-check', { schema: { tags, response: { 200: healthCheckSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => healthCheck(deps, tx)),
  );
  app.get(
    '/api/monitoring-config',
    { schema: { tags, response: { 200: monitoringConfigSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => monitoringConfig(deps, tx)),
  );

  // ---- live events as they happen (server-sent events; hidden from the OpenAPI route list: it never ends) ----
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

  // ---- the public read-only twins (/superhub-demo, /webhook-demo, /phase3-demo) ----
  const demo = '/api/demo/operations';
  app.get(
    `${demo}/superhub-dashboard`,
    { schema: { tags, response: { 200: superhubDashboardSchema } } },
    () => app.inDemoWorkspace((tx) => superhubDashboard(deps, tx)),
  );
  app.get(`${demo}/monitors`, { schema: { tags, response: { 200: monitorsSchema } } }, () =>
    app.inDemoWorkspace((tx) => listMonitors(deps, tx)),
  );
  app.get(`${demo}/webhook-configs`, { schema: { tags, response: { 200: webhookConfigsSchema } } }, () =>
    app.inDemoWorkspace((tx) => webhookConfigs(deps, tx)),
  );
  app.get(`${demo}/deployment-status`, { schema: { tags, response: { 200: deploymentStatusSchema } } }, () =>
    app.inDemoWorkspace((tx) => deploymentStatus(tx)),
  );
  app.get(
    `${demo}/integration-status`,
    { schema: { tags, response: { 200: integrationStatusSchema } } },
    () => app.inDemoWorkspace((tx) => integrationStatus(tx)),
  );
  app.get(`${demo}/live-events`, { schema: { tags, response: { 200: liveEventsSchema } } }, () =>
    app.inDemoWorkspace((tx) => liveEvents(tx)),
  );
  app.get(`${demo}/health-check`, { schema: { tags, response: { 200: healthCheckSchema } } }, () =>
    app.inDemoWorkspace((tx) => healthCheck(deps, tx)),
  );
  app.get(`${demo}/monitoring-config`, { schema: { tags, response: { 200: monitoringConfigSchema } } }, () =>
    app.inDemoWorkspace((tx) => monitoringConfig(deps, tx)),
  );
  app.get(`${demo}/live-events/stream`, { schema: { hide: true } }, async (request, reply) => {
    const workspaceId = await app.inDemoWorkspace(async (_tx, id) => id);
    await stream(request, reply, workspaceId);
  });
};
