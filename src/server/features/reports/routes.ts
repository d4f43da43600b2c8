import {
  reportDefinitionSchema,
  reportIdParamsSchema,
  reportListSchema,
  reportSchema,
  reportSeriesSchema,
} from '@domain/reports/report-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReport,
  deleteReport,
  getReport,
  listReports,
  reportSeries,
  seriesOf,
  updateReport,
} from './service.js';

const tags = ['reports'];

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reports',
    {
      schema: {
        tags,
        description: 'The workspace’s saved reports, by name.',
        response: { 200: reportListSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listReports(tx), { readOnly: true }),
  );

  app.post(
    '/api/reports/preview',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Runs a definition without saving it (the builder’s preview): the same answer as a saved report’s ' +
          'series, with `reportId` null.',
        body: reportDefinitionSchema,
        response: { 200: reportSeriesSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx) => seriesOf(tx, request.body, null), { readOnly: true }),
  );

  app.get(
    '/api/reports/:id',
    {
      schema: {
        tags,
        description: 'A saved report’s definition.',
        params: reportIdParamsSchema,
        response: { 200: reportSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) => getReport(tx, request.params.id), { readOnly: true }),
  );

  app.get(
    '/api/reports/:id/series',
    {
      schema: {
        tags,
        description:
          'A saved report’s figures: one row per group (a field’s value, or each day, week or month of the ' +
          'range), one value per measure, the totals, and the previous period of the same length when the ' +
          'report compares. Readable with an API key of any role.',
        params: reportIdParamsSchema,
        response: { 200: reportSeriesSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) => reportSeries(tx, request.params.id), { readOnly: true }),
  );

  app.post(
    '/api/reports',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Saves a report definition: 201. Owners and admins.',
        body: reportDefinitionSchema,
        response: { 201: reportSchema },
      },
    },
    async (request, reply) => {
      const report = await app.inWorkspace(request, 'admin', (tx, member) =>
        createReport(tx, member, request.body),
      );
      return reply.status(201).send(report);
    },
  );

  app.put(
    '/api/reports/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Replaces a report’s definition. Owners and admins.',
        params: reportIdParamsSchema,
        body: reportDefinitionSchema,
        response: { 200: reportSchema },
      },
    },
    (request) => app.inWorkspace(request, 'admin', (tx) => updateReport(tx, request.params.id, request.body)),
  );

  app.delete(
    '/api/reports/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Deletes a report. Owners and admins.',
        params: reportIdParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => deleteReport(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
