import { messageRefSchema } from '@domain/message-schemas';
import { z } from 'zod';
import { contactStatuses } from '../contacts/contact-schemas.js';

/** The User integration and Data collection tabs (spec 001 §2, §7): what their routes take and answer. */

export const collectionRunSchema = z.object({
  id: z.number(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  progress: z.number(),
  totalApps: z.number(),
  totalContacts: z.number(),
  app: z.object({ name: z.string() }).nullable(),
  integration: z.object({ integrated: z.number() }),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  results: z.array(
    z.object({
      appName: z.string(),
      endpointName: z.string(),
      status: z.enum(['pending', 'running', 'completed', 'failed']),
      fetched: z.number(),
      created: z.number(),
      updated: z.number(),
      failed: z.number(),
      reason: z.string().nullable(),
      /** `reason`'s catalogued message, for the reader's language (failures since migration 0601). */
      reasonMessage: messageRefSchema.nullable(),
      failures: z.array(z.object({ row: z.number(), reason: z.string() })),
    }),
  ),
});
export type CollectionRun = z.infer<typeof collectionRunSchema>;

export const collectSingleSchema = z.object({
  appName: z.string().trim().min(1, /*i18n*/ 'is required').max(120, /*i18n*/ 'is too long'),
});

export const integrateUsersResultSchema = z.object({
  integrated: z.number(),
  skipped: z.number(),
  failed: z.number(),
  problems: z.array(z.object({ app: z.string(), reason: z.string() })),
});

export const createExampleResultSchema = z.object({
  user: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    app: z.string(),
  }),
  contact: z.object({
    id: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    source: z.string(),
  }),
  created: z.boolean(),
});

export const tagSourcesResultSchema = z.object({ updated: z.number() });

/** GET /api/contacts/by-source: per source, its first contacts and how many there are. */
export const contactsBySourceSchema = z.record(
  z.string(),
  z.object({
    contacts: z.array(
      z.object({
        id: z.number(),
        firstName: z.string(),
        lastName: z.string(),
        email: z.string().nullable(),
        status: z.enum(contactStatuses),
      }),
    ),
    total: z.number(),
  }),
);
export type SourceContacts = z.infer<typeof contactsBySourceSchema>[string];

export const createEcosystemResultSchema = z.object({ created: z.number(), updated: z.number() });
export const updateSourcesResultSchema = z.object({ standardized: z.number() });

export const ecosystemReportSchema = z.object({
  totalContacts: z.number(),
  contactsBySource: z.record(z.string(), z.number()),
  totalValue: z.number(),
  topSources: z.array(z.object({ source: z.string(), count: z.number(), value: z.number() })),
});
export type EcosystemReport = z.infer<typeof ecosystemReportSchema>;
