import {
  analyticsSettingsSchema,
  analyticsSettingsUpdateSchema,
  appFiguresSchema,
  breakdownParamsSchema,
  breakdownSchema,
  contactPageViewsParamsSchema,
  contactPageViewsSchema,
  exportParamsSchema,
  exportQuerySchema,
  funnelQuerySchema,
  funnelSchema,
  ingestEventSchema,
  overviewSchema,
  reportQuerySchema,
  siteParamsSchema,
  snippetSchema,
  visitorIdentifiedSchema,
  visitorIdentifySchema,
} from '@domain/analytics/analytics-schemas';
import { AppError } from '@domain/app-error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { now } from '../../deps.js';
import { sendCompressed } from '../../http/compression.js';
import { publicOrigin } from '../../http/public-origin.js';
import { perAddressLimit } from '../../http/rate-limit.js';
import { answerOfType } from '../../http/responses.js';
import { parseTextPlainAsJson } from '../../http/text-plain-json.js';
import { ingestFor } from './ingest.js';
import { exportReport, getAppFigures, getBreakdown, getFunnel, getOverview, getSnippet } from './service.js';
import { trackerScript } from './tracker-script.js';
import {
  contactPageViewsOf,
  identifyBuyer,
  readAnalyticsSettings,
  writeAnalyticsSettings,
} from './visitors.js';

const tags = ['analytics'];

/** Per visitor IP: a busy reader of a single-page app sends a few events a minute, not hundreds. */
const ingestLimit = perAddressLimit(
  240,
  () => new AppError('rate_limited', 'Too many events from this visitor; try again later.'),
);

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ingest = ingestFor(app.deps.database, {
    secretKey: app.deps.config.secretKey,
    onError: (error) => app.log.error({ err: error }, 'analytics events could not be written'),
  });
  app.addHook('onClose', () => ingest.close());
  parseTextPlainAsJson(app);

  app.post(
    '/api/analytics/event',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: ingestLimit },
      schema: {
        tags,
        summary: 'Public ingest of one page view or custom event from a website tag',
        body: ingestEventSchema,
        response: { 202: z.null() },
      },
    },
    async (request, reply) => {
      const outcome = await ingest.accept(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        dnt: request.headers.dnt as string | undefined,
        origin: request.headers.origin,
        host: request.headers.host,
      });
      if (outcome.allowOrigin)
        reply.header('access-control-allow-origin', outcome.allowOrigin).header('vary', 'Origin');
      return reply.status(202).send(null);
    },
  );

  app.get(
    '/api/analytics/script.js',
    {
      schema: {
        tags,
        summary: 'The tracking script websites embed',
        response: answerOfType('application/javascript', 'The tracking script'),
      },
    },
    async (request, reply) =>
      sendCompressed(
        request,
        reply
          .header('content-type', 'application/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          // Other sites embed this script: helmet's default same-origin resource policy would block it there.
          .header('cross-origin-resource-policy', 'cross-origin'),
        await trackerScript(),
      ),
  );

  app.get(
    '/api/analytics/overview',
    { schema: { tags, querystring: reportQuerySchema, response: { 200: overviewSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => getOverview(tx, request.query)),
  );

  app.get(
    '/api/analytics/breakdown/:dimension',
    {
      schema: {
        tags,
        params: breakdownParamsSchema,
        querystring: reportQuerySchema,
        response: { 200: breakdownSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) => getBreakdown(tx, request.params.dimension, request.query)),
  );

  app.get(
    '/api/analytics/funnel',
    {
      schema: {
        tags,
        querystring: funnelQuerySchema,
        response: { 200: funnelSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => getFunnel(tx, request.query)),
  );

  app.get('/api/analytics/apps', { schema: { tags, response: { 200: appFiguresSchema } } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx) => getAppFigures(tx)),
  );

  app.get(
    '/api/analytics/settings',
    {
      schema: {
        tags,
        description: 'linkVisitors: a visitor who identifies themselves is linked to the contact that day.',
        response: { 200: analyticsSettingsSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => readAnalyticsSettings(tx)),
  );

  app.patch(
    '/api/analytics/settings',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Changes the analytics settings present (owners and admins).',
        body: analyticsSettingsUpdateSchema,
        response: { 200: analyticsSettingsSchema },
      },
    },
    (request) => app.inWorkspace(request, 'admin', (tx) => writeAnalyticsSettings(tx, request.body)),
  );

  app.post(
    '/api/analytics/identify',
    {
      config: { role: 'member' },
      schema: {
        tags,
        summary: 'A checkout on the workspace’s own server names its buyer',
        description:
          'Server to server, with an API key (member or admin). Finds or creates the contact by email (then ' +
          'phone), and attaches that day’s anonymous page views of the buyer on the website, as a form ' +
          'submission does: `visitor` is the buyer’s IP address and User-Agent as the checkout’s server saw ' +
          'them. With linkVisitors off the contact is still recorded and nothing is attached (`linked: false`).',
        body: visitorIdentifySchema,
        response: { 200: visitorIdentifiedSchema },
      },
    },
    (request) => app.inWorkspace(request, 'member', (tx) => identifyBuyer(tx, request.body, now(app.deps))),
  );

  app.get(
    '/api/analytics/contacts/:id/page-views',
    {
      schema: {
        tags,
        description:
          'The contact’s latest 200 page views, newest first. beforeIdentification: made that day before ' +
          'the visitor identified themselves (a form, a campaign link), attached afterwards.',
        params: contactPageViewsParamsSchema,
        response: { 200: contactPageViewsSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', async (tx) => ({
        pageViews: await contactPageViewsOf(tx, request.params.id),
      })),
  );

  app.get(
    '/api/analytics/sites/:id/snippet',
    {
      schema: {
        tags,
        params: siteParamsSchema,
        response: { 200: snippetSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) =>
        getSnippet(tx, request.params.id, publicOrigin(request, app.deps.config.PUBLIC_URL)),
      ),
  );

  app.get(
    '/api/analytics/export/:report',
    {
      schema: {
        tags,
        summary: 'One report as CSV',
        params: exportParamsSchema,
        querystring: exportQuerySchema,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const body = await app.inWorkspace(request, 'viewer', (tx) =>
        exportReport(tx, request.params.report, request.query),
      );
      const name = `analytics-${request.params.report}-${request.query.range}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(body);
    },
  );
};
