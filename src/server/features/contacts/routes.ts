import {
  companyDetailSchema,
  companySchema,
  contactCountSchema,
  contactCreateSchema,
  contactDetailSchema,
  contactListQuerySchema,
  contactNoteSchema,
  contactSchema,
  contactStatsSchema,
  contactUpdateSchema,
  nextCursorHeader,
  type TimelineEntry,
  timelineEntrySchema,
} from '@domain/contacts/contact-schemas';
import { idParamSchema, websiteFilterQuerySchema } from '@domain/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../../http/responses.js';
import { toContact } from './contact-view.js';
import {
  addNote,
  countContacts,
  createContact,
  deleteContact,
  getCompanyDetail,
  getContactDetail,
  listCompanies,
  listContacts,
  summarizeContactStats,
  updateContact,
} from './service.js';
import type { TimelineRow } from './store.js';

const idParams = z.object({ id: idParamSchema });

function toTimelineEntry(row: TimelineRow): TimelineEntry {
  return {
    id: row.id,
    contactId: row.contactId,
    kind: row.kind,
    title: row.title,
    body: row.body,
    occurredAt: row.occurredAt.toISOString(),
    metadata: row.metadata,
    createdBy: row.createdBy,
  };
}

const filterQuery = contactListQuerySchema.pick({ q: true, source: true, status: true });

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/contacts',
    {
      schema: {
        tags: ['contacts'],
        description:
          'The list of contacts (spec 000 §7), one keyset page at a time. `q` searches name, email and company ' +
          '(substring, case-insensitive; a complete email address or a phone number matches exactly). The next page: pass the ' +
          `\`${nextCursorHeader}\` response header back as \`cursor\` (absent on the last page).`,
        querystring: contactListQuerySchema,
        response: { 200: z.array(contactSchema) },
      },
    },
    async (request, reply) => {
      const page = await app.inWorkspace(request, 'viewer', (tx) => listContacts(tx, request.query), {
        readOnly: true,
      });
      if (page.nextCursor) reply.header(nextCursorHeader, page.nextCursor);
      return page.contacts.map(toContact);
    },
  );

  app.get(
    '/api/contacts/count',
    {
      schema: {
        tags: ['contacts'],
        description:
          'How many contacts match the same filters as the list; counts stop at 1,000 (`isCapped`).',
        querystring: filterQuery,
        response: { 200: contactCountSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => countContacts(tx, request.query)),
  );

  app.get(
    '/api/contacts/stats',
    {
      schema: {
        tags: ['contacts'],
        description:
          'Contact tiles. qualifiedLeads = contacts with status qualified. pipeline = count and total ' +
          'value (cents) per status. Active deals and conversion rate count deals: GET /api/deals/stats. ' +
          '`websiteId`: only the contacts of that website (their source is its name); 404 for a website ' +
          'the workspace does not have.',
        querystring: websiteFilterQuerySchema,
        response: { 200: contactStatsSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => summarizeContactStats(tx, request.query)),
  );

  app.get(
    '/api/contacts/:id',
    { schema: { tags: ['contacts'], params: idParams, response: { 200: contactDetailSchema } } },
    async (request) => {
      const detail = await app.inWorkspace(request, 'viewer', (tx) =>
        getContactDetail(tx, request.params.id),
      );
      return {
        contact: toContact(detail.contact),
        company: detail.company && {
          id: detail.company.id,
          name: detail.company.name,
          domain: detail.company.domain,
        },
        timeline: detail.timeline.map(toTimelineEntry),
      };
    },
  );

  app.post(
    '/api/contacts',
    {
      schema: {
        tags: ['contacts'],
        description:
          'Creates a contact: 201. A contact with the same email (any case) or phone (any format) is a 409 ' +
          'naming it; with `merge: true` the new details fill that contact’s empty fields instead: 200.',
        body: contactCreateSchema,
        response: { 200: contactSchema, 201: contactSchema },
      },
    },
    async (request, reply) => {
      const { contact, created } = await app.inWorkspace(request, 'member', (tx, member) =>
        createContact(tx, request.body, member.userId),
      );
      return reply.status(created ? 201 : 200).send(toContact(contact));
    },
  );

  app.patch(
    '/api/contacts/:id',
    {
      schema: {
        tags: ['contacts'],
        description: 'Changes the fields present; null or an empty string clears an optional field.',
        params: idParams,
        body: contactUpdateSchema,
        response: { 200: contactSchema },
      },
    },
    async (request) => {
      const contact = await app.inWorkspace(request, 'member', (tx, member) =>
        updateContact(tx, request.params.id, request.body, member.userId),
      );
      return toContact(contact);
    },
  );

  app.delete(
    '/api/contacts/:id',
    { schema: { tags: ['contacts'], params: idParams, response: noContent('Deleted') } },
    async (request, reply) => {
      await app.inWorkspace(request, 'member', (tx) => deleteContact(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/contacts/:id/notes',
    {
      schema: {
        tags: ['contacts'],
        params: idParams,
        body: contactNoteSchema,
        response: { 201: timelineEntrySchema },
      },
    },
    async (request, reply) => {
      const entry = await app.inWorkspace(request, 'member', (tx, member) =>
        addNote(tx, request.params.id, request.body.body, member.userId),
      );
      return reply.status(201).send(toTimelineEntry(entry));
    },
  );

  app.get(
    '/api/companies',
    {
      schema: {
        tags: ['contacts'],
        description: 'Companies by name (`q` = name prefix), with how many contacts each has.',
        querystring: z.object({
          q: z.string().max(160).optional(),
          limit: z.coerce.number('Limit must be a number').int().min(1).max(200).default(50),
        }),
        response: {
          200: z.array(companySchema.extend({ contactCount: z.number(), createdAt: z.string() })),
        },
      },
    },
    async (request) => {
      const rows = await app.inWorkspace(request, 'viewer', (tx) => listCompanies(tx, request.query));
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  );

  app.get(
    '/api/companies/:id',
    {
      schema: {
        tags: ['contacts'],
        description: 'A company with its contacts (first 200 by name).',
        params: idParams,
        response: { 200: companyDetailSchema },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => getCompanyDetail(tx, request.params.id)),
  );
};
