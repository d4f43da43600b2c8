import { messageRefSchema } from '@domain/message-schemas';
import { z } from 'zod';
import { idParamSchema, websiteIdParamSchema, websiteIdSchema } from '../ids.js';
import { locales } from '../locales.js';

/** Content types of the generator form (spec 000 §2.5), in its order; blog is the default. */
export const contentTypes = ['blog', 'social', 'email', 'landing', 'product'] as const;
export type ContentType = (typeof contentTypes)[number];
export const contentStatuses = ['draft', 'scheduled', 'published'] as const;
export type ContentStatus = (typeof contentStatuses)[number];

/** The spec's empty-topic message (§5), also the server's 400 for a blank topic. */
export const topicRequiredMessage = 'Please enter a topic for content generation';
/** Items the calendar shows besides the scheduled ones (spec 000 §9). */
export const calendarGeneratedItems = 3;

const typeEnum = z.enum(contentTypes, /*i18n*/ 'Type must be blog, social, email, landing or product');
const topicSchema = z
  .string(topicRequiredMessage)
  .trim()
  .min(1, topicRequiredMessage)
  .max(200, /*i18n*/ 'Topic must be at most 200 characters');

// ---- requests ----

/** POST /api/generate-content (spec 000 §7), with the form's two options (defaults per §9). */
export const generateContentSchema = z.object({
  topic: topicSchema,
  type: typeEnum.default('blog'),
  /** Omitted for all websites. */
  websiteId: websiteIdSchema.optional(),
  seoOptimize: z.boolean(/*i18n*/ 'must be true or false').default(true),
  autoPublish: z.boolean(/*i18n*/ 'must be true or false').default(false),
});
export type GenerateContentInput = z.input<typeof generateContentSchema>;
export type GenerateContentRequest = z.output<typeof generateContentSchema>;

/** The generator form (spec 000 §2.5): the website menu says 'all' or a website's number. */
export const contentFormSchema = z.object({
  type: typeEnum,
  site: z.string().regex(/^(all|\d+)$/),
  topic: topicSchema,
  autoPublish: z.boolean(),
  seoOptimize: z.boolean(),
});
export type ContentFormValues = z.input<typeof contentFormSchema>;
export const contentFormDefaults: ContentFormValues = {
  type: 'blog',
  site: 'all',
  topic: '',
  autoPublish: false,
  seoOptimize: true,
};

export const contentIdParamsSchema = z.object({ id: idParamSchema });

const keywordsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, /*i18n*/ 'A keyword cannot be empty')
      .max(60, /*i18n*/ 'A keyword is at most 60 characters'),
  )
  .max(20, /*i18n*/ 'At most 20 keywords');

const editFields = {
  title: z
    .string()
    .trim()
    .min(1, /*i18n*/ 'Title is required')
    .max(200, /*i18n*/ 'Title must be at most 200 characters'),
  body: z
    .string()
    .trim()
    .min(1, /*i18n*/ 'Body is required')
    .max(100_000, /*i18n*/ 'Body must be at most 100,000 characters'),
  metaDescription: z.string().trim().max(300, /*i18n*/ 'Meta description must be at most 300 characters'),
  keywords: keywordsSchema,
  websiteId: websiteIdSchema.nullable(),
};

/** An edit touches only the fields it names. */
export const contentUpdateSchema = z
  .object(editFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, /*i18n*/ 'Name at least one field to change');
export type ContentUpdate = z.infer<typeof contentUpdateSchema>;

/** The editor's form: the keywords typed as one comma-separated line. */
export const contentEditFormSchema = z.object({
  title: editFields.title,
  body: editFields.body,
  metaDescription: editFields.metaDescription,
  keywords: z.string().max(1500),
});
export type ContentEditFormValues = z.input<typeof contentEditFormSchema>;
export const splitKeywords = (line: string) =>
  line
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

export const contentScheduleSchema = z.object({
  scheduledAt: z.iso.datetime({ offset: true, message: /*i18n*/ 'Enter a date and time' }),
});

export const contentTranslateSchema = z.object({
  locale: z.enum(locales, /*i18n*/ 'Choose one of the languages of the product'),
});

export const contentFeedParamsSchema = z.object({
  workspaceId: idParamSchema,
  websiteId: websiteIdParamSchema,
});
export const publicContentParamsSchema = z.object({
  workspaceId: idParamSchema,
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, /*i18n*/ 'is not a page of this site'),
});

export const wordpressSettingsInputSchema = z.object({
  siteUrl: z
    .url(/*i18n*/ 'Enter the WordPress site address, such as https://blog.example.com')
    .refine((v) => /^https?:\/\//i.test(v), /*i18n*/ 'The address must start with http:// or https://'),
  username: z
    .string()
    .trim()
    .min(1, /*i18n*/ 'Username is required')
    .max(100, /*i18n*/ 'Username is at most 100 characters'),
  /** WordPress shows application passwords in groups of four ("abcd efgh …"); spaces are kept as given. */
  applicationPassword: z
    .string()
    .trim()
    .min(8, /*i18n*/ 'Paste the application password WordPress showed you')
    .max(200, /*i18n*/ 'The application password is at most 200 characters'),
});

// ---- answers ----

export const seoCheckSchema = z.object({
  id: z.string(),
  passed: z.boolean(),
  detail: z.string().optional(),
});

export const contentItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  type: z.enum(contentTypes),
  status: z.enum(contentStatuses),
  topic: z.string(),
  slug: z.string(),
  websiteId: z.number().nullable(),
  outline: z.array(z.string()),
  body: z.string(),
  metaDescription: z.string(),
  keywords: z.array(z.string()),
  locale: z.string(),
  sourceId: z.number().nullable(),
  /** 'offline' = the deterministic offline generator; otherwise the AI provider that wrote it. */
  generator: z.string(),
  /** The on-page SEO checks of the last optimisation; null when SEO optimize was off. */
  seoChecks: z.array(seoCheckSchema).nullable(),
  scheduledAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** The public page of a published item: a path on this server (PUBLIC_URL or the address in use). */
  publicUrl: z.string().nullable(),
  wordpressUrl: z.string().nullable(),
  wordpressError: z.string().nullable(),
  /** `wordpressError`'s catalogued message, for the reader's language (refusals since migration 1001). */
  wordpressErrorMessage: messageRefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentListSchema = z.array(contentItemSchema);

export const wordpressStatusSchema = z.object({
  connected: z.boolean(),
  siteUrl: z.string().nullable(),
  username: z.string().nullable(),
  /** The password is never returned, only whether one is stored. */
  passwordSet: z.boolean(),
});
export type WordpressStatus = z.infer<typeof wordpressStatusSchema>;

export const aiStatusSchema = z.object({
  /** null = no provider configured: the offline generator writes, translation is unavailable. */
  provider: z.string().nullable(),
});
