import { PassThrough } from 'node:stream';
import {
  type ExportFormat,
  exportListParamsSchema,
  exportListQuerySchema,
  exportQuerySchema,
  reportDefinitionSchema,
  reportIdParamsSchema,
  reportListSchema,
  reportSchema,
  reportSeriesSchema,
} from '@domain/reports/report-schemas';
import type { Role } from '@domain/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/database.js';
import { withTightHeap } from '../../heap.js';
import { attachmentDisposition } from '../../http/csv-download.js';
import { answerOfType } from '../../http/responses.js';
import { dashboardRoutes } from './dashboard-routes.js';
import { type ExportFile, listExport, reportExport } from './exports.js';
import { scheduleRoutes } from './schedule-routes.js';
import {
  createReport,
  deleteReport,
  getReport,
  listReports,
  reportSeries,
  seriesOf,
  updateReport,
} from './service.js';
import { exportTypes } from './sheet-writer.js';

const tags = ['reports'];

const fileAnswer = answerOfType(Object.values(exportTypes), 'The rows as a CSV or XLSX file (an attachment)');

/**
 * Streams an export from inside the workspace's transaction: `prepare` finds what is asked (a 404 is still
 * an ordinary answer), then the headers go out and the rows follow as they are read. The transaction lasts
 * as long as the download; a download abandoned half-way ends it (the file stream is destroyed).
 */
async function sendExport(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  role: Role,
  format: ExportFormat,
  prepare: (tx: Tx) => Promise<ExportFile> | ExportFile,
): Promise<FastifyReply> {
  const out = new PassThrough();
  // A million rows go through this process's memory as they are read: the heap is kept tight meanwhile.
  await withTightHeap(() =>
    app.inWorkspace(
      request,
      role,
      async (tx) => {
        const file = await prepare(tx);
        reply
          .header('content-type', format === 'csv' ? `${exportTypes.csv}; charset=utf-8` : exportTypes.xlsx)
          .header('content-disposition', attachmentDisposition(file.fileName));
        reply.send(out);
        try {
          await file.write(out);
        } catch (error) {
          // The headers are gone: all that is left is to cut the download short, so it cannot pass for whole.
          request.log.warn({ err: error }, 'export cut short');
          out.destroy(error as Error);
        }
      },
      { readOnly: true },
    ),
  );
  return reply;
}

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(dashboardRoutes);
  await app.register(scheduleRoutes);

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

  app.get(
    '/api/reports/:id/export',
    {
      schema: {
        tags,
        description:
          'A saved report’s table as a file: `format=csv` (UTF-8 with a BOM) or `xlsx`. Any text cell a ' +
          'spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) starts with an ' +
          'apostrophe.',
        params: reportIdParamsSchema,
        querystring: exportQuerySchema,
        response: fileAnswer,
      },
    },
    (request, reply) =>
      sendExport(app, request, reply, 'viewer', request.query.format, (tx) =>
        reportExport(tx, request.params.id, request.query.format),
      ),
  );

  app.get(
    '/api/reports/exports/:list',
    {
      config: { role: 'member' },
      schema: {
        tags,
        description:
          'Every contact, deal, task, campaign recipient (`campaignId=` narrows to one campaign) or webhook ' +
          'delivery (`endpointId=` narrows to one endpoint) of the workspace as a file (`format=csv` or `xlsx`), ' +
          'by id, streamed from a database cursor: a million rows are never held at once. Members and above. ' +
          'Formula-like cells are neutralised as in report exports.',
        params: exportListParamsSchema,
        querystring: exportListQuerySchema,
        response: fileAnswer,
      },
    },
    (request, reply) =>
      sendExport(app, request, reply, 'member', request.query.format, (tx) =>
        listExport(tx, request.params.list, request.query),
      ),
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
