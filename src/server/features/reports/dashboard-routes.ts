import {
  dashboardFilterQuerySchema,
  dashboardHomeSchema,
  dashboardIdParamsSchema,
  dashboardInputSchema,
  dashboardListSchema,
  dashboardSchema,
  dashboardSeriesSchema,
} from '@domain/reports/dashboard-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDashboard,
  dashboardSeries,
  deleteDashboard,
  getDashboard,
  getHome,
  listDashboards,
  setHome,
  updateDashboard,
} from './dashboards.js';

const tags = ['reports'];

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reports/dashboards',
    {
      schema: {
        tags,
        description:
          'The dashboards the caller may see: the workspace’s shared ones and their own private ones.',
        response: { 200: dashboardListSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx, member) => listDashboards(tx, member), { readOnly: true }),
  );

  app.get(
    '/api/reports/dashboards/home',
    {
      schema: {
        tags,
        description:
          'The dashboard the caller shows on the dashboard tab instead of its four stat cards (null: the cards).',
        response: { 200: dashboardHomeSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx, member) => getHome(tx, member), { readOnly: true }),
  );

  app.put(
    '/api/reports/dashboards/home',
    {
      config: { role: 'member' },
      schema: {
        tags,
        description:
          'Chooses the caller’s own home dashboard (one they may see), or null for the four stat cards. Members and above.',
        body: dashboardHomeSchema,
        response: { 200: dashboardHomeSchema },
      },
    },
    (request) => app.inWorkspace(request, 'member', (tx, member) => setHome(tx, member, request.body)),
  );

  app.get(
    '/api/reports/dashboards/:id',
    {
      schema: {
        tags,
        description: 'A dashboard and its tiles (each a report’s place on the 12-column grid).',
        params: dashboardIdParamsSchema,
        response: { 200: dashboardSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx, member) => getDashboard(tx, member, request.params.id), {
        readOnly: true,
      }),
  );

  app.get(
    '/api/reports/dashboards/:id/series',
    {
      schema: {
        tags,
        description:
          'Every tile’s series in one answer, under the dashboard’s filter: `from` and `to` replace each ' +
          'report’s range, `websiteId` narrows the reports whose source has a website.',
        params: dashboardIdParamsSchema,
        querystring: dashboardFilterQuerySchema,
        response: { 200: dashboardSeriesSchema },
      },
    },
    (request) =>
      app.inWorkspace(
        request,
        'viewer',
        (tx, member) => dashboardSeries(tx, member, request.params.id, request.query),
        { readOnly: true },
      ),
  );

  app.post(
    '/api/reports/dashboards',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Creates a dashboard: its name, who sees it (`workspace` or `private`) and its tiles, on a grid of 12 ' +
          'columns without overlaps. 201. Owners and admins.',
        body: dashboardInputSchema,
        response: { 201: dashboardSchema },
      },
    },
    async (request, reply) => {
      const dashboard = await app.inWorkspace(request, 'admin', (tx, member) =>
        createDashboard(tx, member, request.body),
      );
      return reply.status(201).send(dashboard);
    },
  );

  app.put(
    '/api/reports/dashboards/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Replaces a dashboard’s name, visibility and whole layout. Owners and admins.',
        params: dashboardIdParamsSchema,
        body: dashboardInputSchema,
        response: { 200: dashboardSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx, member) =>
        updateDashboard(tx, member, request.params.id, request.body),
      ),
  );

  app.delete(
    '/api/reports/dashboards/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Deletes a dashboard (its reports stay). Owners and admins.',
        params: dashboardIdParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx, member) => deleteDashboard(tx, member, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
