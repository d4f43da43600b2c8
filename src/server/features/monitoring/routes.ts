import { idParamSchema } from '@domain/ids';
import {
  monitorCreateSchema,
  monitorEditSchema,
  monitorSchema,
  monitorsSchema,
  monitorUpdateSchema,
} from '@domain/monitoring/monitoring-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../../http/responses.js';
import { closeProbeClient } from './probe.js';
import { addMonitor, configureAppMonitor, editMonitor, listMonitors, removeMonitor } from './service.js';

const tags = ['monitoring'];
const idParams = z.object({ id: idParamSchema });
const appParams = z.object({ appId: idParamSchema });

/** Spec 001's monitors (Central Monitoring's Monitors card). Writes are for admins and owners. */
export const monitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onClose', async () => {
    await closeProbeClient(deps.config);
  });

  app.get('/api/monitors', { schema: { tags, response: { 200: monitorsSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => listMonitors(deps, tx)),
  );
  app.put(
    '/api/monitors/apps/:appId',
    {
      config: { role: 'admin' },
      schema: { tags, params: appParams, body: monitorUpdateSchema, response: noContent('Saved') },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) =>
        configureAppMonitor(tx, request.params.appId, request.body),
      );
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/monitors',
    {
      config: { role: 'admin' },
      schema: { tags, body: monitorCreateSchema, response: { 201: monitorSchema } },
    },
    async (request, reply) => {
      const created = await app.inWorkspace(request, 'admin', (tx) => addMonitor(deps, tx, request.body));
      return reply.status(201).send(created);
    },
  );
  app.put(
    '/api/monitors/:id',
    {
      config: { role: 'admin' },
      schema: { tags, params: idParams, body: monitorEditSchema, response: { 200: monitorSchema } },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx) => editMonitor(deps, tx, request.params.id, request.body)),
  );
  app.delete(
    '/api/monitors/:id',
    { config: { role: 'admin' }, schema: { tags, params: idParams, response: noContent('Removed') } },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => removeMonitor(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  // ---- the public read-only twin of /superhub-demo's Monitors card ----
  // The demo twins of the three operations screens share one URL prefix, which the spec fixes.
  const demo = '/api/demo/operations';
  app.get(`${demo}/monitors`, { schema: { tags, response: { 200: monitorsSchema } } }, () =>
    app.inDemoWorkspace((tx) => listMonitors(deps, tx)),
  );
};
