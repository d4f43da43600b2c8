import { reportQuerySchema } from '@domain/analytics/analytics-schemas';
import { AppError } from '@domain/app-error';
import {
  formCreateSchema,
  formDetailSchema,
  formIdParamsSchema,
  formKeyParamsSchema,
  formSubmissionSchema,
  formSubmissionsQuerySchema,
  formSubmitResultSchema,
  formSubmitSchema,
  formSummarySchema,
  formsReportSchema,
  formUpdateSchema,
  publicFormSchema,
} from '@domain/forms/form-schemas';
import { landingAbTestInputSchema } from '@domain/forms/landing-ab-test';
import { serverMessage } from '@domain/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { now } from '../../deps.js';
import { sendCompressed } from '../../http/compression.js';
import { publicOrigin } from '../../http/public-origin.js';
import { perAddressLimit } from '../../http/rate-limit.js';
import { answerOfType, noContent } from '../../http/responses.js';
import { parseTextPlainAsJson } from '../../http/text-plain-json.js';
import { embedScript } from './embed-script.js';
import { hostedNotFoundHtml, hostedPageHtml } from './hosted-page.js';
import { removeLandingAbTest, setLandingAbTest } from './landing-ab-test.js';
import { type Caller, createPublicForms } from './public-forms.js';
import {
  createForm,
  deleteForm,
  formsReport,
  getForm,
  listForms,
  listSubmissions,
  updateForm,
} from './service.js';

const tags = ['forms'];

export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const forms = createPublicForms(deps, (error) => app.log.error({ err: error }, 'form counts not written'));
  app.addHook('onClose', () => forms.flush());
  parseTextPlainAsJson(app);
  const origin = (request: FastifyRequest) => publicOrigin(request, deps.config.PUBLIC_URL);

  // ---- the builder's side ----

  app.get(
    '/api/forms',
    {
      schema: {
        tags,
        description: 'The workspace’s lead forms with their all-time views, submissions and conversion rate.',
        response: { 200: z.array(formSummarySchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listForms(tx), { readOnly: true }),
  );

  app.get(
    '/api/forms/report',
    {
      schema: {
        tags,
        description:
          'Each form’s views, submissions, conversion rate and refused submissions (by reason) over the range’s ' +
          'UTC days ending today: the analytics tab’s forms card.',
        querystring: reportQuerySchema.pick({ range: true }),
        response: { 200: formsReportSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) => formsReport(tx, request.query.range, now(deps)), {
        readOnly: true,
      }),
  );

  app.post(
    '/api/forms',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Creates a form (admins and owners): fields mapped to contact fields or custom properties, an optional ' +
          'consent checkbox, the visitor-facing texts in the form’s language, a thank-you message or a redirect.',
        body: formCreateSchema,
        response: { 201: formDetailSchema },
      },
    },
    async (request, reply) => {
      const form = await app.inWorkspace(request, 'admin', (tx) =>
        createForm(tx, request.body, origin(request)),
      );
      return reply.status(201).send(form);
    },
  );

  app.get(
    '/api/forms/:id',
    {
      schema: {
        tags,
        description: 'A form with its hosted page’s address, its embed snippet and its all-time figures.',
        params: formIdParamsSchema,
        response: { 200: formDetailSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', (tx) => getForm(tx, request.params.id, origin(request)), {
        readOnly: true,
      }),
  );

  app.patch(
    '/api/forms/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Changes the fields present (admins and owners). Stored submissions keep the labels they were sent with.',
        params: formIdParamsSchema,
        body: formUpdateSchema,
        response: { 200: formDetailSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx) =>
        updateForm(tx, request.params.id, request.body, origin(request)),
      ),
  );

  app.delete(
    '/api/forms/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Deletes a form, its submissions and its figures (admins and owners); contacts and their timelines stay.',
        params: formIdParamsSchema,
        response: noContent('Deleted'),
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => deleteForm(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/forms/:id/ab-test',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Sets the A/B test of the form’s hosted page (admins and owners): 2–5 variants of its headline, intro ' +
          'and button label. Visitors are split by the daily salted hash (no cookie), each variant judged on ' +
          'submissions by the sequential test, which stops at `targetConfidence` or `maxViewsPerVariant` and ' +
          'then shows the winner to everyone. Setting a test replaces the form’s test and starts its figures afresh.',
        params: formIdParamsSchema,
        body: landingAbTestInputSchema,
        response: { 200: formDetailSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', async (tx) => {
        await setLandingAbTest(tx, request.params.id, request.body, now(deps));
        return getForm(tx, request.params.id, origin(request));
      }),
  );

  app.delete(
    '/api/forms/:id/ab-test',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Ends the hosted page’s A/B test and removes its figures (admins and owners).',
        params: formIdParamsSchema,
        response: { 200: formDetailSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', async (tx) => {
        await removeLandingAbTest(tx, request.params.id);
        return getForm(tx, request.params.id, origin(request));
      }),
  );

  app.get(
    '/api/forms/:id/submissions',
    {
      schema: {
        tags,
        description:
          'The form’s latest submissions: answers, the consent text shown and whether it was ticked.',
        params: formIdParamsSchema,
        querystring: formSubmissionsQuerySchema,
        response: { 200: z.array(formSubmissionSchema) },
      },
    },
    (request) =>
      app.inWorkspace(
        request,
        'viewer',
        (tx) => listSubmissions(tx, request.params.id, request.query.limit),
        {
          readOnly: true,
        },
      ),
  );

  // ---- the visitor's side: the hosted page, the embed, and what they read and send ----

  const caller = (request: FastifyRequest): Caller => ({
    origin: request.headers.origin,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    ownOrigins: [...new Set([origin(request), `${request.protocol}://${request.host}`])],
  });
  const allow = (reply: FastifyReply, allowOrigin: string | null) => {
    if (allowOrigin) reply.header('access-control-allow-origin', allowOrigin);
    // The answer depends on the Origin: a shared cache must not hand one site's answer to another.
    reply.header('vary', 'Origin');
  };

  app.get(
    '/api/forms/embed.js',
    {
      schema: {
        tags,
        summary: 'The script that shows a form on a website and on its hosted page',
        response: answerOfType('application/javascript', 'The embed script'),
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
        await embedScript(),
      ),
  );

  app.get(
    '/api/forms/public/:key',
    {
      config: {
        rateLimit: perAddressLimit(
          60,
          () => new AppError('rate_limited', serverMessage('forms.rateLimited')),
        ),
      },
      schema: {
        tags,
        summary: 'A form as the visitor’s browser reads it, with its render token; counts a view',
        description:
          'Answered to the form’s hosted page and, with CORS, to the workspace’s websites only (by Origin).',
        params: formKeyParamsSchema,
        response: { 200: publicFormSchema },
      },
    },
    async (request, reply) => {
      const { form, allowOrigin } = await forms.read(request.params.key, caller(request));
      allow(reply, allowOrigin);
      return reply.header('cache-control', 'no-store').send(form);
    },
  );

  app.post(
    '/api/forms/public/:key/submissions',
    {
      bodyLimit: 64 * 1024,
      config: {
        rateLimit: {
          ...perAddressLimit(10, () => new AppError('rate_limited', serverMessage('forms.rateLimited'))),
          onExceeded: (request) => {
            const { key } = request.params as { key: string };
            forms
              .countRateLimited(key)
              .catch((error) => app.log.error({ err: error }, 'rate-limited form submission not counted'));
          },
        },
      },
      schema: {
        tags,
        summary: 'A visitor’s answers to a form (text/plain or application/json)',
        description:
          'From the form’s hosted page or, with CORS, from the workspace’s websites only. Finds or creates the ' +
          'contact (email case-insensitive, then phone in E.164), stores the submission with its consent text, adds ' +
          'a timeline entry and starts “form submitted” workflows. A 400 names the field and changes nothing ' +
          'but the form’s count of refused submissions; a filled honeypot is answered as a success and stored nowhere.',
        params: formKeyParamsSchema,
        body: formSubmitSchema,
        response: { 200: formSubmitResultSchema },
      },
    },
    async (request, reply) => {
      const outcome = await forms.submit(request.params.key, request.body, caller(request));
      allow(reply, outcome.allowOrigin);
      if (outcome.result instanceof AppError) throw outcome.result;
      return outcome.result;
    },
  );

  app.get(
    '/f/:key',
    { schema: { hide: true, params: z.object({ key: z.string().max(64) }) } },
    async (request, reply) => {
      const form = await forms.hosted(request.params.key, caller(request));
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (!form) return reply.status(404).send(hostedNotFoundHtml());
      return reply.send(hostedPageHtml(form));
    },
  );
};
