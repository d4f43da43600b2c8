import { AppError } from '@domain/app-error';
import {
  aiStatusSchema,
  contentFeedParamsSchema,
  contentIdParamsSchema,
  contentItemSchema,
  contentListSchema,
  contentScheduleSchema,
  contentTranslateSchema,
  contentUpdateSchema,
  generateContentSchema,
  publicContentParamsSchema,
  wordpressSettingsInputSchema,
  wordpressStatusSchema,
} from '@domain/content/content-schemas';
import { websiteFilterQuerySchema } from '@domain/ids';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { internalErrorBody } from '../../http/errors.js';
import { publicOrigin } from '../../http/public-origin.js';
import { answerOfType } from '../../http/responses.js';
import { requireMember } from '../../http/session.js';
import { notFoundPageHtml } from './render.js';
import {
  connectWordpress,
  deleteContent,
  disconnectWordpress,
  generateContent,
  getContent,
  listContent,
  publicPage,
  publishContent,
  scheduleContent,
  streamGeneration,
  translateContent,
  unscheduleContent,
  updateContent,
  websiteFeed,
  wordpressStatus,
} from './service.js';

const tags = ['content'];

/** The error body (as the error handler writes it, with its status) of a failure after the stream began. */
function streamErrorBody(request: FastifyRequest, error: unknown) {
  if (error instanceof AppError)
    return {
      status: error.status,
      message: error.userMessage,
      code: error.code,
      messageId: error.messageId,
      values: error.values,
    };
  request.log.error({ err: error }, 'content stream failed');
  return { status: 500, ...internalErrorBody };
}

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/api/generate-content',
    {
      schema: {
        tags,
        description:
          'Writes a content item about `topic` (spec 000 §7) with the AI provider, or the offline generator when ' +
          'none is configured, from the workspace’s own data (website, contacts). `seoOptimize` (default on) runs ' +
          'the site-health on-page checks on the draft and improves it until they pass; the item’s `seoChecks` ' +
          'say which still fail. `autoPublish` publishes it at once. Members and above.',
        body: generateContentSchema,
        response: { 201: contentItemSchema },
      },
    },
    async (request, reply) => {
      const item = await generateContent(deps, requireMember(request, 'member'), request.body);
      return reply.status(201).send(item);
    },
  );

  app.post(
    '/api/content/stream-draft',
    {
      schema: {
        tags,
        description:
          'The same generation as `POST /api/generate-content`, streamed as server-sent events while it is written: ' +
          '`data: {"delta": "…"}` for each piece of text (the model’s deltas; without an AI provider, the offline ' +
          'draft a section at a time), then `event: item` with the stored item, then `data: [DONE]`. A failure ' +
          'after the stream began is `event: error` with the error body. Closing the request cancels the model ' +
          'and stores nothing. Members and above.',
        body: generateContentSchema,
        response: answerOfType(
          'text/event-stream',
          'Server-sent events: the deltas, the stored item, [DONE]',
        ),
      },
    },
    async (request, reply) => {
      const member = requireMember(request, 'member');
      const abort = new AbortController();
      // A reader who leaves stops the model too (the response closes before it has ended).
      reply.raw.on('close', () => {
        if (!reply.raw.writableEnded) abort.abort();
      });
      const events = await streamGeneration(deps, member, request.body, abort.signal);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
      });
      try {
        for await (const event of events) {
          reply.raw.write(
            'delta' in event
              ? `data: ${JSON.stringify(event)}\n\n`
              : `event: item\ndata: ${JSON.stringify(event.item)}\n\n`,
          );
        }
        reply.raw.write('data: [DONE]\n\n');
      } catch (error) {
        reply.raw.write(`event: error\ndata: ${JSON.stringify(streamErrorBody(request, error))}\n\n`);
      }
      reply.raw.end();
    },
  );

  app.get(
    '/api/content',
    {
      schema: {
        tags,
        description:
          'The workspace’s content items, newest first (at most 200). `websiteId`: that website’s items and ' +
          'those for all websites; 404 for a website the workspace does not have.',
        querystring: websiteFilterQuerySchema,
        response: { 200: contentListSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx, member) => listContent(tx, member.workspaceId, request.query), {
        readOnly: true,
      }),
  );

  app.get(
    '/api/content/ai-status',
    {
      schema: {
        tags,
        description: 'Which AI provider writes content here; `provider: null` = the offline generator.',
        response: { 200: aiStatusSchema },
      },
    },
    async (request) => {
      requireMember(request, 'viewer');
      return { provider: deps.ai?.name ?? null };
    },
  );

  app.get(
    '/api/content/wordpress',
    {
      schema: {
        tags,
        description: 'The WordPress connection (the application password is never returned).',
        response: { 200: wordpressStatusSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => wordpressStatus(tx), { readOnly: true }),
  );

  app.put(
    '/api/content/wordpress',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Connects a WordPress site: published items are then posted to it (REST API, application password, ' +
          'sealed with SECRET_KEY). Owners and admins.',
        body: wordpressSettingsInputSchema,
        response: { 200: wordpressStatusSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx, member) =>
        connectWordpress(deps, tx, member.workspaceId, request.body),
      ),
  );

  app.delete(
    '/api/content/wordpress',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Disconnects WordPress and forgets its password. Owners and admins.',
        response: { 200: wordpressStatusSchema },
      },
    },
    (request) => app.inWorkspace(request, 'admin', (tx) => disconnectWordpress(tx)),
  );

  app.get(
    '/api/content/:id',
    {
      schema: {
        tags,
        description: 'One content item.',
        params: contentIdParamsSchema,
        response: { 200: contentItemSchema },
      },
    },
    (request) =>
      app.inWorkspace(
        request,
        'viewer',
        (tx, member) => getContent(tx, member.workspaceId, request.params.id),
        {
          readOnly: true,
        },
      ),
  );

  app.patch(
    '/api/content/:id',
    {
      schema: {
        tags,
        description: 'Edits the fields named. Members and above.',
        params: contentIdParamsSchema,
        body: contentUpdateSchema,
        response: { 200: contentItemSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'member', (tx, member) =>
        updateContent(tx, member.workspaceId, request.params.id, request.body),
      ),
  );

  app.delete(
    '/api/content/:id',
    {
      schema: {
        tags,
        description: 'Deletes the item (and its translations). Members and above.',
        params: contentIdParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'member', (tx) => deleteContent(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/content/:id/schedule',
    {
      schema: {
        tags,
        description:
          'Schedules the item: the queue publishes it at `scheduledAt` (a future time), surviving restarts. Members and above.',
        params: contentIdParamsSchema,
        body: contentScheduleSchema,
        response: { 200: contentItemSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'member', (tx, member) =>
        scheduleContent(deps, tx, member.workspaceId, request.params.id, new Date(request.body.scheduledAt)),
      ),
  );

  app.post(
    '/api/content/:id/unschedule',
    {
      schema: {
        tags,
        description: 'Turns a scheduled item back into a draft. Members and above.',
        params: contentIdParamsSchema,
        response: { 200: contentItemSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'member', (tx, member) =>
        unscheduleContent(tx, member.workspaceId, request.params.id),
      ),
  );

  app.post(
    '/api/content/:id/publish',
    {
      schema: {
        tags,
        description:
          'Publishes the item now: its public page and its website’s feeds show it, and WordPress gets it when connected. Members and above.',
        params: contentIdParamsSchema,
        response: { 200: contentItemSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'member', (tx, member) =>
        publishContent(deps, tx, member.workspaceId, request.params.id),
      ),
  );

  app.post(
    '/api/content/:id/translate',
    {
      schema: {
        tags,
        description:
          'A translated copy of the item (a new draft) in one of the product’s languages, written by the AI ' +
          'provider. Without one the answer is 409: the offline generator cannot translate. Members and above.',
        params: contentIdParamsSchema,
        body: contentTranslateSchema,
        response: { 201: contentItemSchema },
      },
    },
    async (request, reply) => {
      const item = await translateContent(
        deps,
        requireMember(request, 'member'),
        request.params.id,
        request.body.locale,
      );
      return reply.status(201).send(item);
    },
  );

  // ---- public: the published pages and feeds a website links to or embeds ----

  const notFound = { message: 'Not found', code: 'not_found' };
  const originOf = (request: FastifyRequest) => publicOrigin(request, deps.config.PUBLIC_URL);

  app.get(
    '/published/:workspaceId/:slug',
    { schema: { hide: true, params: publicContentParamsSchema } },
    async (request, reply) => {
      const html = await publicPage(deps, request.params.workspaceId, request.params.slug, originOf(request));
      if (html === null)
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(notFoundPageHtml());
      return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(html);
    },
  );

  app.get(
    '/published/:workspaceId/websites/:websiteId/feed.xml',
    { schema: { hide: true, params: contentFeedParamsSchema } },
    async (request, reply) => {
      const rss = await websiteFeed(
        deps,
        request.params.workspaceId,
        request.params.websiteId,
        'rss',
        originOf(request),
      );
      if (rss === null) return reply.status(404).send(notFound);
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(rss);
    },
  );

  app.get(
    '/published/:workspaceId/websites/:websiteId/feed.json',
    { schema: { hide: true, params: contentFeedParamsSchema } },
    async (request, reply) => {
      const json = await websiteFeed(
        deps,
        request.params.workspaceId,
        request.params.websiteId,
        'json',
        originOf(request),
      );
      if (json === null) return reply.status(404).send(notFound);
      return reply
        .type('application/feed+json; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*')
        .send(json);
    },
  );
};
