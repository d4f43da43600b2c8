import { AppError } from '@domain/app-error';
import {
  backupIdParamsSchema,
  backupListSchema,
  backupRestoreSchema,
  backupSchema,
  runBackupResultSchema,
} from '@domain/backups/backup-schemas';
import { serverMessage } from '@domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOfType, noContent } from '../../http/responses.js';
import { requireMember } from '../../http/session.js';
import {
  backupDownload,
  listBackups,
  requestRestore,
  requestVerify,
  runBackupNow,
  startBackup,
  startRestoredWorkspace,
} from './service.js';

/**
 * Backups (issue 12 §4). A backup holds every row of the workspace, so every route needs an admin or
 * the owner. Backups, verifications and restores run in the queue; `GET /run/backup` waits for its own.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['backups'];

  app.get(
    '/api/backups',
    { config: { role: 'admin' }, schema: { tags, response: { 200: backupListSchema } } },
    (request) => app.inWorkspace(request, 'admin', (tx) => listBackups(tx)),
  );

  // A restored copy is held until this: its schedules and probes run again (GET /api/auth/user shows it).
  app.post(
    '/api/backups/restored-workspace/start',
    {
      config: { role: 'admin' },
      schema: { tags, response: noContent('Started: its schedules run again (also when it was not held)') },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => startRestoredWorkspace(tx));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/backups',
    { config: { role: 'admin' }, schema: { tags, response: { 202: backupSchema } } },
    async (request, reply) => {
      const backup = await app.inWorkspace(request, 'admin', (tx, member) =>
        startBackup(app.deps, tx, member.workspaceId, { trigger: 'manual', userId: member.userId }),
      );
      return reply.status(202).send(backup);
    },
  );

  app.get(
    '/api/backups/:id/download',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        params: backupIdParamsSchema,
        response: answerOfType('application/gzip', 'The backup archive (gzip), as an attachment'),
      },
    },
    async (request, reply) => {
      const download = await app.inWorkspace(request, 'admin', (tx, member) =>
        backupDownload(app.deps, tx, member.workspaceId, request.params.id),
      );
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', download.size)
        .header('content-disposition', `attachment; filename="${download.downloadName}"`)
        .send(download.stream);
    },
  );

  app.post(
    '/api/backups/:id/verify',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        params: backupIdParamsSchema,
        response: { 202: z.object({ status: z.literal('queued') }) },
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx, member) =>
        requestVerify(app.deps, tx, member.workspaceId, request.params.id),
      );
      return reply.status(202).send({ status: 'queued' });
    },
  );

  app.post(
    '/api/backups/:id/restore',
    {
      config: { role: 'admin' },
      schema: { tags, params: backupIdParamsSchema, response: { 202: backupRestoreSchema } },
    },
    async (request, reply) => {
      const restore = await app.inWorkspace(request, 'admin', (tx, member) =>
        requestRestore(app.deps, tx, member, request.params.id),
      );
      return reply.status(202).send({
        id: restore.id,
        status: restore.status,
        newWorkspaceId: restore.newWorkspaceId,
        error: restore.error,
        createdAt: restore.createdAt.toISOString(),
      });
    },
  );

  /**
   * Spec 001 §7: runs a backup of the signed-in workspace and answers {status, message} when it is done.
   * A GET that writes: a cross-site page could trigger it by navigation, so such requests are refused.
   */
  app.get(
    '/run/backup',
    { config: { role: 'admin' }, schema: { tags, response: { 200: runBackupResultSchema } } },
    async (request) => {
      if (request.headers['sec-fetch-site'] === 'cross-site')
        throw new AppError('forbidden', serverMessage('auth.crossSite'));
      const member = requireMember(request, 'admin');
      return runBackupNow(app.deps, member);
    },
  );
};
