import { Readable } from 'node:stream';
import { AppError } from '@domain/app-error';
import {
  importCsvBodySchema,
  importJobParams,
  importStatusSchema,
  startedImportSchema,
} from '@domain/imports/import-schemas';
import { serverMessage } from '@domain/messages';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition, csvStream } from '../../http/csv-download.js';
import { answerOfType } from '../../http/responses.js';
import { requireMember } from '../../http/session.js';
import { resumeUnfinishedImports } from './import-job.js';
import { buildErrorReport, getImportStatus, importContacts, tooLarge } from './service.js';

/** The JSON upload's limit; larger files use the multipart upload. */
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
        body: importCsvBodySchema,
        response: { 202: startedImportSchema },
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
    {
      schema: {
        tags: ['imports'],
        consumes: ['multipart/form-data'],
        response: { 202: startedImportSchema },
      },
    },
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
    { schema: { tags: ['imports'], params: importJobParams, response: { 200: importStatusSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => getImportStatus(tx, request.params.jobId)),
  );

  app.get(
    '/api/contacts/import-status/:jobId/errors.csv',
    {
      schema: {
        tags: ['imports'],
        params: importJobParams,
        response: answerOfType('text/csv', 'The rows that failed and why, as a CSV attachment'),
      },
    },
    async (request, reply) => {
      const member = requireMember(request, 'viewer');
      const report = await buildErrorReport(app.deps, member, request.params.jobId);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(report.filename));
      return reply.send(csvStream(report.rows));
    },
  );
};
