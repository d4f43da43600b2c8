import type { ContentStatus, ContentType } from '@domain/content/content-schemas';
import type { MessageRef } from '@domain/messages';
import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantIdentityColumn, workspaceIdColumn } from './columns.js';

const stamp = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export interface StoredSeoCheck {
  id: string;
  passed: boolean;
  detail?: string;
}

export const contentItems = pgTable(
  'content_items',
  {
    id: tenantIdentityColumn(),
    workspaceId: workspaceIdColumn(),
    websiteId: integer('website_id'),
    type: text('type').$type<ContentType>().notNull(),
    status: text('status').$type<ContentStatus>().notNull().default('draft'),
    topic: text('topic').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    outline: text('outline').array().notNull().default([]),
    body: text('body').notNull(),
    metaDescription: text('meta_description').notNull().default(''),
    keywords: text('keywords').array().notNull().default([]),
    locale: text('locale').notNull().default('en'),
    sourceId: bigint('source_id', { mode: 'number' }),
    generator: text('generator').notNull(),
    seoChecks: jsonb('seo_checks').$type<StoredSeoCheck[]>(),
    scheduledAt: stamp('scheduled_at'),
    publishedAt: stamp('published_at'),
    wordpressPostId: bigint('wordpress_post_id', { mode: 'number' }),
    wordpressUrl: text('wordpress_url'),
    wordpressError: text('wordpress_error'),
    /** `wordpressError`'s catalogued message (migration 1001). */
    wordpressErrorMessage: jsonb('wordpress_error_message').$type<MessageRef>(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: stamp('created_at').notNull().defaultNow(),
    // Kept current by the app_touch_updated_at trigger.
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const contentWordpress = pgTable('content_wordpress', {
  workspaceId: workspaceIdColumn().primaryKey(),
  siteUrl: text('site_url').notNull(),
  username: text('username').notNull(),
  sealedPassword: text('sealed_password').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
