import {
  scheduleIdParamsSchema,
  scheduleInputSchema,
  scheduleListSchema,
  scheduleSchema,
  scheduleSubscribeSchema,
} from '@domain/reports/schedule-schemas';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmByLink,
  createSchedule,
  deleteSchedule,
  listSchedules,
  subscribe,
  unsubscribeByLink,
  unsubscribeSelf,
  updateSchedule,
} from './schedules.js';

const tags = ['reports'];

// The pages behind a mail's links are for whoever holds the mail, signed out, in no known language: English.
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${title}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">` +
  `<h1>${title}</h1>${body}</body></html>`;
const invalidLink = page('Link not valid', '<p>This link is not valid.</p>');

export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reports/schedules',
    {
      schema: {
        tags,
        description:
          'The scheduled reports of the workspace, each with its recipients and their next send (in each one’s time zone).',
        response: { 200: scheduleListSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listSchedules(tx), { readOnly: true }),
  );

  app.post(
    '/api/reports/schedules',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Schedules a report or a shared dashboard by email: daily, weekly on a weekday or monthly on a day, at ' +
          'a time of day in each recipient’s time zone. Members receive it at once; an outside address first ' +
          'gets a confirmation mail. 201. Owners and admins.',
        body: scheduleInputSchema,
        response: { 201: scheduleSchema },
      },
    },
    async (request, reply) => {
      const schedule = await app.inWorkspace(request, 'admin', (tx, member) =>
        createSchedule(app.deps, tx, member, request.body),
      );
      return reply.status(201).send(schedule);
    },
  );

  app.put(
    '/api/reports/schedules/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Replaces a schedule and its recipients. Owners and admins.',
        params: scheduleIdParamsSchema,
        body: scheduleInputSchema,
        response: { 200: scheduleSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx, member) =>
        updateSchedule(app.deps, tx, member, request.params.id, request.body),
      ),
  );

  app.delete(
    '/api/reports/schedules/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Deletes a schedule: nothing more is sent. Owners and admins.',
        params: scheduleIdParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => deleteSchedule(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/reports/schedules/:id/subscription',
    {
      config: { role: 'member' },
      schema: {
        tags,
        description:
          'Adds the caller (only themselves) to a schedule’s recipients, in their time zone. Members and above.',
        params: scheduleIdParamsSchema,
        body: scheduleSubscribeSchema,
        response: { 200: scheduleSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'member', (tx, member) =>
        subscribe(app.deps, tx, member, request.params.id, request.body.timeZone),
      ),
  );

  app.delete(
    '/api/reports/schedules/:id/subscription',
    {
      config: { role: 'member' },
      schema: {
        tags,
        description: 'Removes the caller from a schedule’s recipients. Members and above.',
        params: scheduleIdParamsSchema,
        response: { 200: scheduleSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'member', (tx, member) => unsubscribeSelf(tx, member, request.params.id)),
  );

  // ---- the links in the mails (the signed token is the capability) ----
  await app.register(async (plain) => {
    await plain.register(formbody);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    const params = z.object({ token: z.string().max(100) });
    // A GET only shows a button: mail scanners open links, and must neither confirm nor unsubscribe.
    scope.get('/api/r/u/:token', { schema: { hide: true, params } }, async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Unsubscribe',
            '<p>Stop receiving this scheduled report?</p><form method="post"><button type="submit">Unsubscribe</button></form>',
          ),
        ),
    );
    // RFC 8058 one-click: the mail client POSTs List-Unsubscribe=One-Click; the page's button posts here too.
    scope.post('/api/r/u/:token', { schema: { hide: true, params } }, async (request, reply) => {
      const done = await unsubscribeByLink(app.deps, request.params.token);
      return reply
        .status(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(
          done
            ? page('You are unsubscribed', '<p>You will not receive this scheduled report again.</p>')
            : invalidLink,
        );
    });
    scope.get('/api/r/confirm/:token', { schema: { hide: true, params } }, async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Confirm',
            '<p>Receive this scheduled report by email?</p><form method="post"><button type="submit">Confirm</button></form>',
          ),
        ),
    );
    scope.post('/api/r/confirm/:token', { schema: { hide: true, params } }, async (request, reply) => {
      const done = await confirmByLink(app.deps, request.params.token);
      return reply
        .status(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(done ? page('Confirmed', '<p>You will receive this scheduled report.</p>') : invalidLink);
    });
  });
};
