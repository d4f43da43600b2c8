import {
  abTestInputSchema,
  campaignCreateSchema,
  campaignDetailSchema,
  campaignIdParamsSchema,
  campaignPreviewResultSchema,
  campaignPreviewSchema,
  campaignSummarySchema,
  campaignUpdateSchema,
  heldEmailIdParamsSchema,
  heldWorkflowEmailSchema,
  outboxMessageSchema,
} from '@domain/marketing/campaign-schemas';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onContactEvent } from '../../events/contact-events.js';
import { requireMember } from '../../http/session.js';
import { signLink } from './outbox.js';
import {
  campaignOutbox,
  cancelCampaign,
  checkCampaignLinks,
  conversionListener,
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  listHeldWorkflowEmails,
  overrideLinkHold,
  overrideWorkflowEmailHold,
  pauseCampaign,
  previewCampaign,
  recheckCampaignLinks,
  recheckHeldWorkflowEmails,
  recordClick,
  recordOpen,
  removeAbTest,
  resumeCampaign,
  sendCampaign,
  setAbTest,
  unsubscribe,
  updateCampaign,
} from './service.js';

const tags = ['marketing'];
const params = campaignIdParamsSchema;

/** A 43-byte transparent GIF: the open-tracking pixel. */
const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const tokenParams = z.object({ token: z.string().max(100) });

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${title}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">` +
  `<h1>${title}</h1>${body}</body></html>`;

export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const unsubscribeListener = onContactEvent(conversionListener);
  app.addHook('onClose', async () => {
    unsubscribeListener();
  });

  app.get(
    '/api/campaigns',
    {
      schema: {
        tags,
        description:
          'Email campaigns: name, type, status, subscribers (recipients, or the audience’s size before sending), sent, ' +
          'offline (kept in the outbox, not delivered), failed, opens, clicks, conversions (customers within 7 days of a click).',
        response: { 200: z.array(campaignSummarySchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listCampaigns(tx)),
  );

  app.post(
    '/api/campaigns',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Creates a draft campaign (admins and owners). Merge fields: {{firstName}}, {{lastName}}, {{email}}, {{company}}.',
        body: campaignCreateSchema,
        response: { 201: campaignDetailSchema },
      },
    },
    async (request, reply) => {
      const campaign = await app.inWorkspace(request, 'admin', (tx) => createCampaign(tx, request.body));
      return reply.status(201).send(campaign);
    },
  );

  app.post(
    '/api/campaigns/preview',
    {
      schema: {
        tags,
        description:
          'The subject and body with merge fields filled for the audience’s first contact, and the audience’s size.',
        body: campaignPreviewSchema,
        response: { 200: campaignPreviewResultSchema },
      },
    },
    (request) => app.inWorkspace(request, 'member', (tx) => previewCampaign(tx, request.body)),
  );

  app.get(
    '/api/campaigns/:id',
    {
      schema: {
        tags,
        description: 'A campaign with its content, audience and figures per day.',
        params,
        response: { 200: campaignDetailSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => getCampaign(tx, request.params.id)),
  );

  app.patch(
    '/api/campaigns/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Edits a draft, scheduled or paused campaign (admins and owners); the audience is fixed once sending starts.',
        params,
        body: campaignUpdateSchema,
        response: { 200: campaignDetailSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx) => updateCampaign(tx, request.params.id, request.body)),
  );

  app.delete(
    '/api/campaigns/:id',
    { config: { role: 'admin' }, schema: { tags, params, response: { 204: z.null().describe('Deleted') } } },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => deleteCampaign(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  const action = (
    path: string,
    description: string,
    run: (
      tx: Parameters<Parameters<typeof app.inWorkspace>[2]>[0],
      id: number,
      workspaceId: number,
    ) => Promise<unknown>,
  ) =>
    app.post(
      `/api/campaigns/:id/${path}`,
      {
        config: { role: 'admin' },
        schema: { tags, description, params, response: { 200: campaignDetailSchema } },
      },
      (request) =>
        app.inWorkspace(request, 'admin', (tx, member) =>
          run(tx, request.params.id, member.workspaceId),
        ) as never,
    );
  app.post(
    '/api/campaigns/:id/send',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Sends now, or at its scheduled time when that is ahead (admins and owners). Its links are checked ' +
          'first: any answering 4xx/5xx or nothing holds it (status held, the links in linkFailures).',
        params,
        response: { 200: campaignDetailSchema },
      },
    },
    async (request) => {
      const { workspaceId } = requireMember(request, 'admin');
      const failing = (await checkCampaignLinks(app.deps, workspaceId, request.params.id)) ?? [];
      return app.inWorkspace(request, 'admin', (tx) =>
        sendCampaign(app.deps, tx, request.params.id, workspaceId, failing),
      ) as never;
    },
  );
  app.post(
    '/api/campaigns/:id/check-links',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Checks the campaign’s links again; a held campaign whose links all answer now starts sending.',
        params,
        response: { 200: campaignDetailSchema },
      },
    },
    async (request) => {
      const { workspaceId } = requireMember(request, 'admin');
      return recheckCampaignLinks(app.deps, workspaceId, request.params.id) as never;
    },
  );
  app.post(
    '/api/campaigns/:id/override-hold',
    {
      config: { role: 'owner' },
      schema: {
        tags,
        description: 'Sends a campaign held for failing links despite them (owners only).',
        params,
        response: { 200: campaignDetailSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'owner', (tx, member) =>
        overrideLinkHold(app.deps, tx, request.params.id, member.workspaceId, member.userId),
      ) as never,
  );
  action('pause', 'Pauses sending; unsent messages keep their place.', (tx, id) => pauseCampaign(tx, id));
  action('resume', 'Resumes a paused campaign where it stopped; nothing is sent twice.', (tx, id, ws) =>
    resumeCampaign(app.deps, tx, id, ws),
  );
  action('cancel', 'Cancels the campaign; unsent messages are never sent.', (tx, id) =>
    cancelCampaign(tx, id),
  );

  app.get(
    '/api/workflow-emails/held',
    {
      schema: {
        tags,
        description: 'Workflow emails held by the pre-send gate, with the links that answered 4xx/5xx.',
        response: { 200: z.array(heldWorkflowEmailSchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listHeldWorkflowEmails(tx)),
  );
  app.post(
    '/api/workflow-emails/held/check-links',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Checks the held workflow emails’ links again; those whose links all answer are sent.',
        response: { 200: z.array(heldWorkflowEmailSchema) },
      },
    },
    async (request) => {
      const { workspaceId } = requireMember(request, 'admin');
      return recheckHeldWorkflowEmails(app.deps, workspaceId);
    },
  );
  app.post(
    '/api/workflow-emails/:id/override-hold',
    {
      config: { role: 'owner' },
      schema: {
        tags,
        description: 'Sends a workflow email held for failing links despite them (owners only).',
        params: heldEmailIdParamsSchema,
        response: { 204: z.null().describe('Queued for delivery') },
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'owner', (tx, member) =>
        overrideWorkflowEmailHold(app.deps, tx, request.params.id, member.workspaceId),
      );
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/campaigns/:id/ab-test',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Makes the campaign an A/B test (admins and owners; before sending): each variant (subject, body) goes to an equal ' +
          'part of testPercent of the audience; after waitHours the variant with the best open or click rate (metric) goes to the rest.',
        params,
        body: abTestInputSchema,
        response: { 200: campaignDetailSchema },
      },
    },
    (request) => app.inWorkspace(request, 'admin', (tx) => setAbTest(tx, request.params.id, request.body)),
  );

  app.delete(
    '/api/campaigns/:id/ab-test',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description:
          'Removes the A/B test (before sending): the campaign sends its own subject and body to everyone.',
        params,
        response: { 200: campaignDetailSchema },
      },
    },
    (request) => app.inWorkspace(request, 'admin', (tx) => removeAbTest(tx, request.params.id)),
  );

  // The public read-only twin (/marketing-demo): the demo workspace's campaigns, never an outbox.
  app.get(
    '/api/demo/marketing/campaigns',
    {
      schema: {
        tags,
        description: 'The demo workspace’s campaigns (public, read-only).',
        response: { 200: z.array(campaignSummarySchema) },
      },
    },
    () => app.inDemoWorkspace((tx) => listCampaigns(tx)),
  );
  app.get(
    '/api/demo/marketing/campaigns/:id',
    {
      schema: {
        tags,
        description: 'A demo workspace campaign with its figures and A/B test (public, read-only).',
        params,
        response: { 200: campaignDetailSchema },
      },
    },
    (request) => app.inDemoWorkspace((tx) => getCampaign(tx, request.params.id)),
  );

  app.get(
    '/api/campaigns/:id/messages',
    {
      schema: {
        tags,
        description:
          'The campaign’s outbox (first 200): each message’s recipient and status. "offline" means kept here, NOT delivered (no SMTP configured).',
        params,
        response: { 200: z.array(outboxMessageSchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => campaignOutbox(tx, request.params.id)),
  );

  // ---- public links in the messages (the token is the capability) ----
  await app.register(async (plain) => {
    await plain.register(formbody);
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.get('/api/m/u/:token', { schema: { hide: true, params: tokenParams } }, async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Unsubscribe',
            `<p>Stop receiving marketing email from this sender?</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
          ),
        ),
    );
    // RFC 8058 one-click: the mail client POSTs List-Unsubscribe=One-Click; the page's button posts here too.
    scope.post('/api/m/u/:token', { schema: { hide: true, params: tokenParams } }, async (request, reply) => {
      const done = await unsubscribe(app.deps, request.params.token);
      return reply
        .status(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(
          done
            ? page(
                'You are unsubscribed',
                '<p>You will not receive marketing email from this sender again.</p>',
              )
            : page('Link not valid', '<p>This unsubscribe link is not valid.</p>'),
        );
    });
    scope.get('/api/m/o/:token', { schema: { hide: true, params: tokenParams } }, async (request, reply) => {
      await recordOpen(app.deps, request.params.token);
      return reply.header('cache-control', 'no-store').type('image/gif').send(pixel);
    });
    scope.get(
      '/api/m/c/:token',
      {
        schema: {
          hide: true,
          params: tokenParams,
          querystring: z.object({ u: z.string().max(2000), s: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const { token } = request.params;
        const { u, s } = request.query;
        // Only a destination the message itself linked to (signed when it was sent): no open redirect.
        if (!/^https?:\/\//.test(u) || signLink(app.deps.config.secretKey, token, u) !== s)
          return reply.status(400).send({ message: 'This link is not valid', code: 'bad_request' });
        return reply.redirect(await recordClick(app.deps, token, u), 302);
      },
    );
  });
};
