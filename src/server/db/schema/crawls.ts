import type { MessageRef } from '@domain/messages';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantIdentityColumn, workspaceIdColumn } from './columns.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Mirror of 0700_site_health.sql (its crawl tables; link_fix_deployments is in link-fixes.ts). */
export const siteHealthSettings = pgTable(
  'site_health_settings',
  {
    workspaceId: workspaceIdColumn(),
    websiteId: integer('website_id').notNull(),
    startUrl: text('start_url'),
    serverType: text('server_type').notNull(),
    pageBudget: integer('page_budget').notNull(),
    maxDepth: integer('max_depth').notNull(),
    keywords: jsonb('keywords').$type<{ path: string; keyword: string }[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.websiteId] })],
);

export const siteCrawls = pgTable(
  'site_crawls',
  {
    workspaceId: workspaceIdColumn(),
    id: tenantIdentityColumn(),
    websiteId: integer('website_id').notNull(),
    kind: text('kind').$type<'full' | 'verify'>().notNull(),
    trigger: text('trigger').$type<'manual' | 'scheduled' | 'deployment'>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    startUrl: text('start_url').notNull(),
    pageBudget: integer('page_budget').notNull(),
    maxDepth: integer('max_depth').notNull(),
    robotsStatus: text('robots_status').$type<'ok' | 'missing' | 'invalid' | 'unreachable'>(),
    robotsTxt: text('robots_txt'),
    sitemapUrls: integer('sitemap_urls'),
    leaseUntil: at('lease_until'),
    error: text('error'),
    /** `error`'s catalogued message (migration 0702). */
    errorMessage: jsonb('error_message').$type<MessageRef>(),
    seoScore: integer('seo_score'),
    pagesOk: integer('pages_ok'),
    urlsTotal: integer('urls_total'),
    urlsBroken: integer('urls_broken'),
    comparison: jsonb('comparison'),
    deploymentId: bigint('deployment_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const siteUrls = pgTable(
  'site_urls',
  {
    workspaceId: workspaceIdColumn(),
    crawlId: bigint('crawl_id', { mode: 'number' }).notNull(),
    url: text('url').notNull(),
    internal: boolean('internal').notNull(),
    depth: integer('depth').notNull(),
    /** Loaded by a page (image, stylesheet, script, media; migration 0703): checked, not crawled. */
    resource: boolean('resource').notNull().default(false),
    state: text('state').$type<'queued' | 'done' | 'skipped'>().notNull().default('queued'),
    skipReason: text('skip_reason').$type<'robots' | 'depth' | 'budget'>(),
    httpStatus: integer('http_status'),
    location: text('location'),
    redirectChain: jsonb('redirect_chain').$type<{ url: string; status: number }[]>(),
    error: text('error'),
    responseMs: integer('response_ms'),
    sizeBytes: integer('size_bytes'),
    contentType: text('content_type'),
    title: text('title'),
    metaDescription: text('meta_description'),
    canonical: text('canonical'),
    headings: jsonb('headings').$type<{ level: number; text: string }[]>(),
    wordCount: integer('word_count'),
    images: jsonb('images').$type<{ src: string; alt: string | null }[]>(),
    hreflang: jsonb('hreflang').$type<{ lang: string; href: string }[]>(),
    robotsDirectives: text('robots_directives'),
    seo: jsonb('seo'),
    seoScore: integer('seo_score'),
    fetchedAt: at('fetched_at'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.crawlId, t.url] })],
);

export const siteLinks = pgTable(
  'site_links',
  {
    workspaceId: workspaceIdColumn(),
    crawlId: bigint('crawl_id', { mode: 'number' }).notNull(),
    sourceUrl: text('source_url').notNull(),
    targetUrl: text('target_url').notNull(),
    anchorText: text('anchor_text').notNull(),
    nofollow: boolean('nofollow').notNull().default(false),
    /** The referencing element and attribute of a subresource ('img[src]'); null for a page link (0703). */
    element: text('element'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.crawlId, t.sourceUrl, t.targetUrl, t.anchorText] })],
);
