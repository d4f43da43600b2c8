import { Readable } from 'node:stream';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../domain/app-error.js';
import { serverMessage } from '../../../domain/messages.js';
import { attachmentDisposition, csvStream } from '../../http/csv-download.js';
import { requireMember } from '../../http/session.js';
import { resumeUnfinishedImports } from './import-job.js';
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

const badUpload = () => AppError.badRequest('file', serverMessage('imports.badMultipart'));

/**
 * The uploaded file's bytes, refused when over the limit. At `fileSize` busboy stops the file
 * stream and ends it as if the file ended there: @fastify/multipart records the "too large" error
 * only for a later `request.file()` call, never for the stream's reader, so a 629 MB file was once
 * imported as its first 512 MB with the last row cut short. Only `truncated` tells.
 * A stream that fails is a body that is not the multipart it announced (cut short, garbled): the
 * parser destroys the stream, and its reader sees only "Premature close".
 */
async function* wholeFile(file: MultipartFile, maxBytes: number): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of file.file) yield chunk as Buffer;
  } catch {
    throw badUpload();
  }
  if (file.file.truncated) throw tooLarge(maxBytes);
}

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.deps.config.IMPORT_MAX_BYTES;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5 } });

  // Jobs a stopped server left unfinished continue as soon as this one is up.
  app.addHook('onReady', async () => {
    const resumed = await resumeUnfinishedImports(app.deps);
    if (resumed > 0) app.log.info({ resumed }, 'resuming unfinished contact imports');
  });

  app.post(
    '/api/contacts/import-csv',
    {
      bodyLimit: jsonBodyLimit,
      // The large body is read only for a member who may import: refused before, not after, 64 MB arrive.
      onRequest: async (request) => {
        requireMember(request, 'member');
      },
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
      if (!request.isMultipart()) throw AppError.badRequest('file', serverMessage('imports.notMultipart'));
      // Its own errors with a status are the multipart limits (413); the rest are unreadable bodies.
      const file = await request.file().catch((error: { statusCode?: number }) => {
        throw error.statusCode ? error : badUpload();
      });
      if (!file) throw AppError.badRequest('file', serverMessage('imports.noFile'));
      try {
        const started = await importContacts(app.deps, member, {
          filename: file.filename,
          source: wholeFile(file, maxBytes),
        });
        return reply.status(202).send(started);
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
        .header('content-disposition', attachmentDisposition(report.filename));
      return reply.send(csvStream(report.rows));
    },
  );
};
