import {
  type DealBoard,
  dealBoardQuerySchema,
  dealBoardSchema,
  dealCreateSchema,
  dealDetailSchema,
  dealIdParamsSchema,
  dealListQuerySchema,
  dealMoveSchema,
  dealPageSchema,
  dealSchema,
  dealStatsQuerySchema,
  dealStatsSchema,
  dealUpdateSchema,
  dealWithContactCreateSchema,
  stageParamsSchema,
  stageProbabilitySchema,
  stageSettingSchema,
} from '@domain/deals/deal-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDeal,
  createDealWithContact,
  deleteDeal,
  getDeal,
  getDealStats,
  listDeals,
  listStageSettings,
  loadBoardJson,
  moveDeal,
  setStageProbability,
  updateDeal,
} from './service.js';

const tags = ['deals'];

export const dealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/deals',
    {
      schema: {
        tags,
        description:
          'One keyset page of deals, newest arrival in its stage first, filtered by stage, owner, website, ' +
          'close month (YYYY-MM), contact or company. The next page: pass `nextCursor` back as `cursor`.',
        querystring: dealListQuerySchema,
        response: { 200: dealPageSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listDeals(tx, request.query), { readOnly: true }),
  );

  app.get(
    '/api/deals/board',
    {
      schema: {
        tags,
        description:
          'The pipeline board: every stage with its count and total value (cents) and its first `limit` cards, ' +
          'under the same filters as the list; a column pages on through GET /api/deals?stage=…&cursor=….',
        querystring: dealBoardQuerySchema,
        response: { 200: dealBoardSchema },
      },
    },
    // Answered with the JSON text the service wrote: fastify sends a JSON string as it is, without the
    // schema's serializer, so the schema above documents the answer and the API tests check it against it.
    async (request, reply) => {
      const board = await app.inWorkspace(request, 'viewer', (tx) => loadBoardJson(tx, request.query), {
        readOnly: true,
      });
      return reply.type('application/json; charset=utf-8').send(board as unknown as DealBoard);
    },
  );

  app.get(
    '/api/deals/stats',
    {
      schema: {
        tags,
        description:
          'CRM figures from deals. active = deals in open stages (leads to negotiation). conversion.rate = won / ' +
          '(won + lost) in percent among deals closed in the last `periodDays` days (default 90), null when none ' +
          'closed. forecast = Σ value × stage probability of deals expected to close this month or next (UTC). ' +
          'stages = count, value and probability per stage. `websiteId`: of that website’s deals only (404 ' +
          'for a website the workspace does not have).',
        querystring: dealStatsQuerySchema,
        response: { 200: dealStatsSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => getDealStats(tx, request.query)),
  );

  app.get(
    '/api/deals/stages',
    {
      schema: {
        tags,
        description:
          'Each stage’s win probability in this workspace (`isDefault` until an admin changes it).',
        response: { 200: z.array(stageSettingSchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listStageSettings(tx)),
  );

  app.put(
    '/api/deals/stages/:stage',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        description: 'Sets a stage’s win probability (percent) for this workspace. Admins and owners.',
        params: stageParamsSchema,
        body: stageProbabilitySchema,
        response: { 200: z.array(stageSettingSchema) },
      },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx) =>
        setStageProbability(tx, request.params.stage, request.body.probability),
      ),
  );

  app.get(
    '/api/deals/:id',
    {
      schema: {
        tags,
        description: 'A deal and its timeline (newest first, at most 50 entries).',
        params: dealIdParamsSchema,
        response: { 200: dealDetailSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => getDeal(tx, request.params.id)),
  );

  app.post(
    '/api/deals',
    {
      schema: {
        tags,
        description:
          'Creates a deal for one contact of the workspace: 201. The company defaults to the contact’s, the owner ' +
          'to the caller. A deal created won makes the contact a customer if it is the contact’s first win.',
        body: dealCreateSchema,
        response: { 201: dealSchema },
      },
    },
    async (request, reply) => {
      const deal = await app.inWorkspace(request, 'member', (tx, member) =>
        createDeal(tx, request.body, { actorUserId: member.userId }),
      );
      return reply.status(201).send(deal);
    },
  );

  app.post(
    '/api/deals/with-contact',
    {
      schema: {
        tags,
        description:
          'Creates a contact (first name, last name, email) and a deal for it in one transaction: 201 with the deal. ' +
          'An email that is already a contact’s is a 409 naming it, and nothing is created.',
        body: dealWithContactCreateSchema,
        response: { 201: dealSchema },
      },
    },
    async (request, reply) => {
      const deal = await app.inWorkspace(request, 'member', (tx, member) =>
        createDealWithContact(tx, request.body, { actorUserId: member.userId }),
      );
      return reply.status(201).send(deal);
    },
  );

  app.patch(
    '/api/deals/:id',
    {
      schema: {
        tags,
        description:
          'Changes the fields present; null clears an optional one. The stage moves with POST …/stage.',
        params: dealIdParamsSchema,
        body: dealUpdateSchema,
        response: { 200: dealSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'member', (tx, member) =>
        updateDeal(tx, request.params.id, request.body, member.userId),
      ),
  );

  app.post(
    '/api/deals/:id/stage',
    {
      schema: {
        tags,
        description:
          'Moves a deal to a stage, recorded on its timeline and in the activity feed. Won and lost stamp the close ' +
          'time; reopening clears it and the lost reason. A first won deal makes its contact a customer (ADR 0006).',
        params: dealIdParamsSchema,
        body: dealMoveSchema,
        response: { 200: dealSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'member', (tx, member) =>
        moveDeal(tx, request.params.id, request.body, member.userId),
      ),
  );

  app.delete(
    '/api/deals/:id',
    {
      schema: {
        tags,
        params: dealIdParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'member', (tx) => deleteDeal(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
