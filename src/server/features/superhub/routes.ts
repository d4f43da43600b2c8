import { idParamSchema } from '@domain/ids';
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
import { hubEvents } from '@domain/webhooks/webhook-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../http/csv-download.js';
import { answerOfType } from '../../http/responses.js';
import { onAppEvent } from '../webhooks/index.js';
import { demoAppWebhooks } from './demo-apps.js';
import { deploymentScript } from './deployment-script.js';
import { acknowledgeIntegration, startAllIntegrations, startIntegration } from './integration.js';
import {
  healthCheck,
  integrationStatus,
  monitoringConfig,
  readFeatures,
  superhubDashboard,
  updateFeatures,
} from './service.js';

const tags = ['superhub'];
const appParams = z.object({ appId: idParamSchema });

/** Spec 001's Central Monitoring (dashboard, feature flags) and Phase 3 calls. Writes are for admins and owners. */
export const superhubRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // The app's signed acknowledgement arrives as one of its events: the last step of its integration.
  const stopAcknowledging = onAppEvent(hubEvents.ack, (tx, event) =>
    acknowledgeIntegration(tx, event.appId, event.data.nonce),
  );
  app.addHook('onClose', async () => {
    stopAcknowledging();
  });
  await app.register(demoAppWebhooks);

  // ---- Central Monitoring ----
  // ---- Central Monitoring ----
  app.get(
    '/api/superhub-dashboard',
    { schema: { tags, response: { 200: superhubDashboardSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => superhubDashboard(deps, tx)),
  );
  app.put(
    '/api/superhub/features',
    {
      config: { role: 'admin' },
      schema: { tags, body: featuresUpdateSchema, response: { 200: featuresSchema } },
    },
    (request) => app.inWorkspace(request, 'admin', (tx) => updateFeatures(tx, request.body)),
  );
  app.get('/api/superhub/features', { schema: { tags, response: { 200: featuresSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => readFeatures(tx)),
  );

  // ---- Phase 3 ----
  app.get(
    '/api/integration-status',
    { schema: { tags, response: { 200: integrationStatusSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => integrationStatus(tx)),
  );
  app.post(
    '/api/integrate/:appId',
    {
      config: { role: 'admin' },
      schema: { tags, params: appParams, response: { 202: integrateStartSchema } },
    },
    async (request, reply) => {
      const started = await app.inWorkspace(request, 'admin', (tx, member) =>
        startIntegration(deps, tx, member.workspaceId, request.params.appId),
      );
      return reply.status(202).send(started);
    },
  );
  app.post(
    '/api/integrate-all',
    { config: { role: 'admin' }, schema: { tags, response: { 202: integrateAllSchema } } },
    async (request, reply) => {
      const started = await app.inWorkspace(request, 'admin', (tx, member) =>
        startAllIntegrations(deps, tx, member.workspaceId),
      );
      return reply.status(202).send(started);
    },
  );
  app.get('/api/health-check', { schema: { tags, response: { 200: healthCheckSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => healthCheck(deps, tx)),
  );
  app.get(
    '/api/monitoring-config',
    { schema: { tags, response: { 200: monitoringConfigSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => monitoringConfig(deps, tx)),
  );
  app.get(
    '/api/deployment-script/:appId',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        params: appParams,
        response: answerOfType('text/x-shellscript', 'The deployment script, as an attachment'),
      },
    },
    async (request, reply) => {
      const file = await app.inWorkspace(request, 'admin', (tx) =>
        deploymentScript(deps, tx, request.params.appId),
      );
      return reply
        .header('content-disposition', attachmentDisposition(file.fileName))
        .type('text/x-shellscript')
        .send(file.body);
    },
  );

  // ---- the public read-only twins of /superhub-demo and /phase3-demo ----
  // The demo twins of the three operations screens share one URL prefix, which the spec fixes.
  const demo = '/api/demo/operations';
  app.get(
    `${demo}/superhub-dashboard`,
    { schema: { tags, response: { 200: superhubDashboardSchema } } },
    () => app.inDemoWorkspace((tx) => superhubDashboard(deps, tx)),
  );
  app.get(
    `${demo}/integration-status`,
    { schema: { tags, response: { 200: integrationStatusSchema } } },
    () => app.inDemoWorkspace((tx) => integrationStatus(tx)),
  );
  app.get(`${demo}/health-check`, { schema: { tags, response: { 200: healthCheckSchema } } }, () =>
    app.inDemoWorkspace((tx) => healthCheck(deps, tx)),
  );
  app.get(`${demo}/monitoring-config`, { schema: { tags, response: { 200: monitoringConfigSchema } } }, () =>
    app.inDemoWorkspace((tx) => monitoringConfig(deps, tx)),
  );
};
