import { AppError } from '@domain/app-error';
import { idParamSchema } from '@domain/ids';
import { serverMessage } from '@domain/messages';
import {
  appAvailabilitiesSchema,
  appAvailabilitySchema,
  appDependenciesSchema,
  availabilityQuerySchema,
  incidentDetailSchema,
  incidentListQuerySchema,
  incidentsSchema,
  maintenanceWindowCreateSchema,
  maintenanceWindowSchema,
  maintenanceWindowsSchema,
  publicStatusSchema,
  statusPageSettingsAnswerSchema,
  statusPageSettingsSchema,
  statusSlugParamsSchema,
} from '@domain/monitoring/incident-schemas';
import {
  monitorCreateSchema,
  monitorEditSchema,
  monitorPageQuerySchema,
  monitorPageSchema,
  monitorSchema,
  monitorsSchema,
  monitorUpdateSchema,
} from '@domain/monitoring/monitoring-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perAddressLimit } from '../../http/rate-limit.js';
import { noContent } from '../../http/responses.js';
import {
  addMaintenance,
  appAvailability,
  appDependencies,
  companyAvailability,
  incidentDetail,
  listIncidents,
  listMaintenance,
  monthlyAvailability,
  removeMaintenance,
  setAppDependencies,
} from './incidents.js';
import { closeProbeClient } from './probe.js';
import {
  addMonitor,
  configureAppMonitor,
  editMonitor,
  listMonitors,
  monitorPage,
  removeMonitor,
} from './service.js';
import { publicStatus, saveStatusPage, statusPageHtml, statusPageSettings } from './status-page.js';

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
  // The Monitors card reads a page at a time: at 1,000 monitors the whole list is more than a screen needs.
  app.get(
    '/api/monitors/page',
    { schema: { tags, querystring: monitorPageQuerySchema, response: { 200: monitorPageSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => monitorPage(deps, tx, request.query)),
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
      await app.inWorkspace(request, 'admin', (tx) => removeMonitor(deps, tx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  // ---- incidents, dependencies, maintenance and availability (issue 33 §3) ----
  app.get(
    '/api/incidents',
    { schema: { tags, querystring: incidentListQuerySchema, response: { 200: incidentsSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listIncidents(tx, request.query.status)),
  );
  app.get(
    '/api/incidents/:id',
    { schema: { tags, params: idParams, response: { 200: incidentDetailSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => incidentDetail(tx, request.params.id)),
  );
  app.get(
    '/api/monitors/apps/:appId/dependencies',
    { schema: { tags, params: appParams, response: { 200: appDependenciesSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => appDependencies(tx, request.params.appId)),
  );
  app.put(
    '/api/monitors/apps/:appId/dependencies',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        params: appParams,
        body: appDependenciesSchema,
        response: { 200: appDependenciesSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx) =>
        setAppDependencies(tx, request.params.appId, request.body.dependsOn),
      ),
  );
  app.get(
    '/api/monitors/apps/:appId/maintenance-windows',
    { schema: { tags, params: appParams, response: { 200: maintenanceWindowsSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listMaintenance(tx, request.params.appId)),
  );
  app.post(
    '/api/monitors/apps/:appId/maintenance-windows',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        params: appParams,
        body: maintenanceWindowCreateSchema,
        response: { 201: maintenanceWindowSchema },
      },
    },
    async (request, reply) => {
      const created = await app.inWorkspace(request, 'admin', (tx) =>
        addMaintenance(tx, request.params.appId, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  app.delete(
    '/api/monitors/maintenance-windows/:id',
    { config: { role: 'admin' }, schema: { tags, params: idParams, response: noContent('Removed') } },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => removeMaintenance(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/monitors/availability',
    { schema: { tags, querystring: availabilityQuerySchema, response: { 200: appAvailabilitiesSchema } } },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) => monthlyAvailability(deps, tx, request.query.month)),
  );
  app.get(
    '/api/monitors/apps/:appId/availability',
    {
      schema: {
        tags,
        params: appParams,
        querystring: availabilityQuerySchema,
        response: { 200: appAvailabilitySchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) =>
        appAvailability(deps, tx, request.params.appId, request.query.month),
      ),
  );
  // For the company's screen: the apps its contacts use, each with its month's availability.
  app.get(
    '/api/companies/:id/availability',
    {
      schema: {
        tags,
        params: idParams,
        querystring: availabilityQuerySchema,
        response: { 200: appAvailabilitiesSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) =>
        companyAvailability(deps, tx, request.params.id, request.query.month),
      ),
  );

  // ---- the public status page ----
  app.get(
    '/api/status-page',
    { schema: { tags, response: { 200: statusPageSettingsAnswerSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => statusPageSettings(tx)),
  );
  app.put(
    '/api/status-page',
    {
      config: { role: 'admin' },
      schema: { tags, body: statusPageSettingsSchema, response: { 200: statusPageSettingsAnswerSchema } },
    },
    (request) => app.inWorkspace(request, 'admin', (tx) => saveStatusPage(tx, request.body)),
  );
  const statusLimit = () =>
    perAddressLimit(120, () => new AppError('rate_limited', serverMessage('operations.statusRateLimited')));
  app.get(
    '/api/status/:slug',
    {
      config: { rateLimit: statusLimit() },
      schema: { tags, params: statusSlugParamsSchema, response: { 200: publicStatusSchema } },
    },
    (request) => publicStatus(deps, request.params.slug),
  );
  app.get(
    '/status/:slug',
    { config: { rateLimit: statusLimit() }, schema: { hide: true, params: statusSlugParamsSchema } },
    async (request, reply) => {
      const status = await publicStatus(deps, request.params.slug);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(statusPageHtml(status));
    },
  );

  // ---- the public read-only twin of /superhub-demo's Monitors card ----
  // The demo twins of the three operations screens share one URL prefix, which the spec fixes.
  const demo = '/api/demo/operations';
  app.get(`${demo}/monitors`, { schema: { tags, response: { 200: monitorsSchema } } }, () =>
    app.inDemoWorkspace((tx) => listMonitors(deps, tx)),
  );
  app.get(
    `${demo}/monitors/page`,
    { schema: { tags, querystring: monitorPageQuerySchema, response: { 200: monitorPageSchema } } },
    (request) => app.inDemoWorkspace((tx) => monitorPage(deps, tx, request.query)),
  );
};
