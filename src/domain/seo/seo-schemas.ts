import { messageRefSchema } from '@domain/message-schemas';
import { z } from 'zod';

/** The two fields of a service account's key file that signing needs (the file has more). */
const serviceAccountKeySchema = z.object({
  client_email: z.email(/*i18n*/ 'Enter the client_email of the service account').max(320),
  private_key: z
    .string({ error: /*i18n*/ 'private_key is not a private key in PEM form' })
    .max(10_000, /*i18n*/ 'The private key is at most 10000 characters')
    .regex(/-----BEGIN (RSA )?PRIVATE KEY-----/, /*i18n*/ 'private_key is not a private key in PEM form'),
});

const searchConsolePropertySchema = z.object({
  websiteId: z.number().int().positive(),
  property: z
    .string()
    .trim()
    .min(1, /*i18n*/ 'A property is sc-domain:<domain> or a URL')
    .max(2048, /*i18n*/ 'The address is at most 2048 characters')
    .regex(/^(sc-domain:[a-z0-9.-]+|https?:\/\/\S+)$/i, /*i18n*/ 'A property is sc-domain:<domain> or a URL'),
});

/**
 * PUT /api/site-health/search-console: a Google service account's key file (only the two fields signing
 * needs are kept) and, per website, its Search Console property (`sc-domain:<domain>` when not given).
 */
export const searchConsoleConnectSchema = z
  .object({
    serviceAccountKey: serviceAccountKeySchema,
    properties: z.array(searchConsolePropertySchema).max(500).default([]),
  })
  .strict();

/** A key file's text as the two fields the connection keeps, or null when it is not a JSON object. */
export function pickServiceAccountKey(text: string): { client_email: unknown; private_key: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const { client_email, private_key } = parsed as Record<string, unknown>;
    return { client_email, private_key };
  } catch {
    return null;
  }
}

/** The connect form: the key file as pasted or chosen, checked as the server will check it, and the properties. */
export const searchConsoleFormSchema = z.object({
  keyJson: z.string().superRefine((text, ctx) => {
    const key = pickServiceAccountKey(text);
    if (key === null) {
      ctx.addIssue({ code: 'custom', message: /*i18n*/ 'Paste the JSON key file of the service account' });
      return;
    }
    for (const issue of serviceAccountKeySchema.safeParse(key).error?.issues ?? [])
      ctx.addIssue({ code: 'custom', message: issue.message });
  }),
  properties: z.array(searchConsolePropertySchema),
});
export type SearchConsoleForm = z.infer<typeof searchConsoleFormSchema>;

export const searchConsoleStatuses = [
  'pending',
  'ok',
  'unauthorized',
  'forbidden',
  'rate_limited',
  'failed',
] as const;

/** The connection as the browser may see it: whether a key is set, never the key. */
export const searchConsoleStatusSchema = z.object({
  connected: z.boolean(),
  clientEmail: z.string().nullable(),
  privateKeySet: z.boolean(),
  connectedAt: z.string().nullable(),
  sites: z.array(
    z.object({
      websiteId: z.number(),
      property: z.string(),
      status: z.enum(searchConsoleStatuses),
      error: z.string().nullable(),
      /** `error`'s catalogued message, for the reader's language (syncs since migration 0702). */
      errorMessage: messageRefSchema.nullable(),
      syncedAt: z.string().nullable(),
    }),
  ),
});

// ↓ Answers

export const checkResultSchema = z.object({
  id: z.string(),
  weight: z.number(),
  passed: z.boolean(),
  detail: z.string().optional(),
});

/** The content tab's SEO Performance card. */
export const seoPerformanceSchema = z.object({
  overallScore: z.number().nullable(),
  rankMeasured: z.boolean(),
  sites: z.array(
    z.object({
      websiteId: z.number(),
      name: z.string(),
      domain: z.string(),
      score: z.number().nullable(),
      pages: z.number(),
      crawledAt: z.string().nullable(),
      siteChecks: z.array(checkResultSchema),
      failingChecks: z.array(z.object({ id: z.string(), pages: z.number() })),
      keywords: z.array(
        z.object({
          keyword: z.string(),
          path: z.string(),
          url: z.string().nullable(),
          pageScore: z.number().nullable(),
          /** From Google Search Console over 28 days; null when not measured. */
          rank: z
            .object({
              position: z.number(),
              clicks: z.number(),
              impressions: z.number(),
              measuredOn: z.string(),
            })
            .nullable(),
        }),
      ),
      /** Why Search Console could not be read for this site (its last sync), null when it could or is not connected. */
      rankError: z.string().nullable(),
      /** `rankError`'s catalogued message, for the reader's language. */
      rankErrorMessage: messageRefSchema.nullable(),
    }),
  ),
});
export type SeoPerformance = z.infer<typeof seoPerformanceSchema>;
