import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../domain/app-error.js';
import { requireMember } from '../../http/session.js';
import { resumeUnfinishedImports } from './import-job.js';
import { maxImportBytes } from './limits.js';
import { errorReport, getImportStatus, importContacts, tooLarge } from './service.js';

const previewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
});

const startedSchema = z.object({
  jobId: z.number(),
  filename: z.string(),
  totalRows: z.number(),
  preview: z.array(previewSchema),
  ignoredColumns: z.array(z.string()),
});

const statusSchema = z.object({
  jobId: z.number(),
  filename: z.string(),
  status: z.enum(['processing', 'completed', 'failed']),
  total_rows: z.number(),
  processed_rows: z.number(),
  successful_imports: z.number(),
  failed_imports: z.number(),
  created_contacts: z.number(),
  updated_contacts: z.number(),
  error_message: z.string().nullable(),
  preview: z.array(previewSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

const jobParams = z.object({ jobId: z.coerce.number().int().positive() });

/** The JSON body carries the whole file as text (spec 000 §7); larger files use the multipart upload. */
const jsonBodyLimit = 64 * 1024 * 1024;

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: maxImportBytes, files: 1, fields: 4, parts: 5 } });

  // Jobs a stopped server left unfinished continue as soon as this one is up.
  app.addHook('onReady', async () => {
    const resumed = await resumeUnfinishedImports(app.deps);
    if (resumed > 0) app.log.info({ resumed }, 'resuming unfinished contact imports');
  });

  app.post(
    '/api/contacts/import-csv',
    {
      bodyLimit: jsonBodyLimit,
      schema: {
        tags: ['imports'],
        body: z.object({ csvData: z.string(), filename: z.string().trim().min(1).max(255) }),
        response: { 202: startedSchema },
      },
    },
    async (request, reply) => {
      const member = requireMember(request, 'member');
      const { csvData, filename } = request.body;
      const started = await importContacts(app.deps, member, {
        filename,
        source: Readable.from([Buffer.from(csvData, 'utf8')]),
      });
      return reply.status(202).send(started);
    },
  );

  app.post(
    '/api/contacts/import-csv/upload',
    { schema: { tags: ['imports'], consumes: ['multipart/form-data'], response: { 202: startedSchema } } },
    async (request, reply) => {
      const member = requireMember(request, 'member');
      if (!request.isMultipart()) throw AppError.badRequest('file', 'Send the file as multipart/form-data.');
      const file = await request.file();
      if (!file) throw AppError.badRequest('file', 'Choose a CSV file to upload.');
      try {
        const started = await importContacts(app.deps, member, {
          filename: file.filename,
          source: file.file,
        });
        return reply.status(202).send(started);
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      } finally {
        file.file.resume(); // drain whatever a refusal left unread so the connection can answer
      }
    },
  );

  app.get(
    '/api/contacts/import-status/:jobId',
    { schema: { tags: ['imports'], params: jobParams, response: { 200: statusSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => getImportStatus(tx, request.params.jobId)),
  );

  app.get(
    '/api/contacts/import-status/:jobId/errors.csv',
    { schema: { tags: ['imports'], params: jobParams } },
    async (request, reply) => {
      const member = requireMember(request, 'viewer');
      const report = await errorReport(app.deps, member, request.params.jobId);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${report.filename.replaceAll('"', '')}"`);
      return reply.send(Readable.from(report.rows).pipe(stringify({ bom: true })));
    },
  );
};
