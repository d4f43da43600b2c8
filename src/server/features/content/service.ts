import { AppError } from '@domain/app-error';
import type {
  ContentItem,
  ContentUpdate,
  GenerateContentRequest,
  WordpressStatus,
} from '@domain/content/content-schemas';
import type { WebsiteFilter } from '@domain/ids';
import type { Locale } from '@domain/locales';
import { messageRef, serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import { ownOrigin } from '../../http/outbound.js';
import type { Member } from '../../http/session.js';
import { recordActivity } from '../activities/index.js';
import { open, type RestoredIds, reseal, seal } from '../email/index.js';
import { auditDraftPage } from '../seo/index.js';
import { findWebsiteRow, getWebsite } from '../websites/index.js';
import { draftFromStreamedText, streamPrompt, translateWithModel, writeWithModel } from './ai-writer.js';
import { type GeneratedDraft, type GenerationContext, generateOffline } from './offline-generator.js';
import { bodyHtml, escapeHtml, pageHtml } from './render.js';
import { type OptimizableDraft, optimizeForSeo, slugify } from './seo-optimize.js';
import * as store from './store.js';
import { keyphraseOf, normalizeTopic } from './topic-phrases.js';
import { createWordpressClient, publishToWordpress } from './wordpress.js';

export const publishItemJobName = 'content.publish-item';
export const publishDueJobName = 'content.publish-due';
export const wordpressPushJobName = 'content.wordpress-push';
export type ContentJob = { workspaceId: number; id: number };

/** The label stored with an item the offline generator wrote (the UI names it). */
const offlineGenerator = 'offline';
export const wordpressPasswordPurpose = 'content-wordpress-application-password';

type Deps = Pick<AppDeps, 'config' | 'database' | 'queue' | 'ai' | 'clock'>;

// ---- addresses ----

const publicPagePath = (workspaceId: number, slug: string) => `/published/${workspaceId}/${slug}`;
const feedPath = (workspaceId: number, websiteId: number, format: 'rss' | 'json') =>
  `/published/${workspaceId}/websites/${websiteId}/feed.${format === 'rss' ? 'xml' : 'json'}`;

function toItem(row: store.ContentRow, workspaceId: number): ContentItem {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    status: row.status,
    topic: row.topic,
    slug: row.slug,
    websiteId: row.websiteId,
    outline: row.outline,
    body: row.body,
    metaDescription: row.metaDescription,
    keywords: row.keywords,
    locale: row.locale,
    sourceId: row.sourceId,
    generator: row.generator,
    seoChecks: row.seoChecks,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publicUrl: row.status === 'published' ? publicPagePath(workspaceId, row.slug) : null,
    wordpressUrl: row.wordpressUrl,
    wordpressError: row.wordpressError,
    wordpressErrorMessage: row.wordpressErrorMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function requireItem(tx: Tx, id: number, forUpdate = false): Promise<store.ContentRow> {
  const row = await store.findItem(tx, id, forUpdate);
  if (!row) throw new AppError('not_found', serverMessage('content.notFound'));
  return row;
}

async function requireWebsite(tx: Tx, websiteId: number) {
  const website = await findWebsiteRow(tx, websiteId);
  if (!website) throw AppError.badRequest('websiteId', serverMessage('content.websiteNotOwn'));
  return website;
}

/** The first free slug of `base`, `base-2`, `base-3`, … in this workspace. */
async function freeSlug(tx: Tx, base: string): Promise<string> {
  const root = base || 'item';
  const taken = await store.slugsLike(tx, root);
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) if (!taken.has(`${root}-${n}`)) return `${root}-${n}`;
}

/** Stores the item under the first free slug; a slug another request took meanwhile is skipped. */
async function insertWithFreeSlug(
  tx: Tx,
  base: string,
  item: Omit<store.ContentInsert, 'slug'>,
): Promise<store.ContentRow> {
  for (;;) {
    const row = await store.insertItem(tx, { ...item, slug: await freeSlug(tx, base) });
    if (row) return row;
  }
}

// ---- reading ----

/**
 * The newest items; with `websiteId`, those of that website and those written for all websites (they are
 * that website's too). A website the workspace does not have is not found.
 */
export async function listContent(
  tx: Tx,
  workspaceId: number,
  filter: WebsiteFilter = {},
): Promise<ContentItem[]> {
  if (filter.websiteId !== undefined) await getWebsite(tx, filter.websiteId);
  return (await store.listItems(tx, filter.websiteId)).map((row) => toItem(row, workspaceId));
}

export async function getContent(tx: Tx, workspaceId: number, id: number): Promise<ContentItem> {
  return toItem(await requireItem(tx, id), workspaceId);
}

// ---- generating ----

async function contextFor(
  tx: Tx,
  input: { topic: string; type: GenerationContext['type']; websiteId?: number },
) {
  const website = input.websiteId === undefined ? null : await requireWebsite(tx, input.websiteId);
  const audience = await store.workspaceAudience(tx, 3);
  return {
    // The form the copy writes and the SEO checks look for (no trailing stop, one question mark).
    topic: normalizeTopic(input.topic),
    type: input.type,
    website: website
      ? { name: website.name, domain: website.domain, description: website.description }
      : null,
    workspaceName: audience.name,
    industries: audience.terms,
  } satisfies GenerationContext;
}

/** The on-page checks of the draft as its public page would serve it. */
function seoPass(
  draft: GeneratedDraft & { slug: string },
  context: GenerationContext,
  pageUrl: (slug: string) => string,
) {
  const audit = (d: OptimizableDraft) =>
    auditDraftPage(
      pageUrl(d.slug),
      pageHtml({ ...draft, ...d, locale: 'en' }, pageUrl(d.slug)),
      keyphraseOf(context.topic),
    ).map(({ id, passed, detail }) => (detail === undefined ? { id, passed } : { id, passed, detail }));
  return optimizeForSeo(
    { title: draft.title, body: draft.body, metaDescription: draft.metaDescription, slug: draft.slug },
    context.topic,
    { brand: context.website?.name ?? context.workspaceName, keepShort: context.type === 'social' },
    audit,
  );
}

/** The context of a generation, read in a short read-only transaction (a bad website id is a 400 here). */
function readContext(deps: Deps, member: Member, input: GenerateContentRequest): Promise<GenerationContext> {
  return deps.database.withWorkspace(member.workspaceId, (tx) => contextFor(tx, input), { readOnly: true });
}

/** A written draft ready to store: SEO-optimised when asked (with its checks), under its slug. */
interface PreparedDraft {
  draft: GeneratedDraft & { slug: string };
  seoChecks: store.ContentRow['seoChecks'];
}

function prepareDraft(
  config: Deps['config'],
  workspaceId: number,
  input: Pick<GenerateContentRequest, 'topic' | 'seoOptimize'>,
  context: GenerationContext,
  written: GeneratedDraft,
): PreparedDraft {
  const draft = { ...written, slug: slugify(input.topic) || slugify(written.title) };
  if (!input.seoOptimize) return { draft, seoChecks: null };
  const origin = ownOrigin(config);
  const pageUrl = (slug: string) => `${origin}${publicPagePath(workspaceId, slug)}`;
  const optimized = seoPass(draft, context, pageUrl);
  return { draft: { ...draft, ...optimized.draft }, seoChecks: optimized.checks };
}

/** Inserts the prepared draft's text and checks with the item's other fields, under the first free slug. */
function insertPrepared(
  tx: Tx,
  { draft, seoChecks }: PreparedDraft,
  item: Omit<
    store.ContentInsert,
    'slug' | 'title' | 'outline' | 'body' | 'metaDescription' | 'keywords' | 'seoChecks'
  >,
): Promise<store.ContentRow> {
  return insertWithFreeSlug(tx, draft.slug, {
    ...item,
    title: draft.title,
    outline: draft.outline,
    body: draft.body,
    metaDescription: draft.metaDescription,
    keywords: draft.keywords,
    seoChecks,
  });
}

/** Stores the prepared draft, published at once when asked: one path for both generation routes. */
function storeGenerated(
  deps: Deps,
  member: Member,
  input: GenerateContentRequest,
  prepared: PreparedDraft,
): Promise<ContentItem> {
  return deps.database.withWorkspace(member.workspaceId, async (tx) => {
    const at = now(deps);
    const row = await insertPrepared(tx, prepared, {
      websiteId: input.websiteId ?? null,
      type: input.type,
      status: input.autoPublish ? 'published' : 'draft',
      topic: input.topic,
      generator: deps.ai ? deps.ai.name : offlineGenerator,
      publishedAt: input.autoPublish ? at : null,
      createdBy: member.userId,
    });
    await recordActivity(
      tx,
      'content_generated',
      serverMessage('activity.contentGenerated', { type: input.type, title: row.title }),
    );
    if (input.autoPublish) await afterPublish(deps, tx, member.workspaceId, row);
    return toItem(row, member.workspaceId);
  });
}

/**
 * POST /api/generate-content: a draft from the model (or the offline generator), SEO-optimised when asked,
 * stored, published at once when asked. The model is called outside any transaction: a slow answer holds
 * no database connection.
 */
export async function generateContent(
  deps: Deps,
  member: Member,
  input: GenerateContentRequest,
): Promise<ContentItem> {
  const context = await readContext(deps, member, input);
  const written = deps.ai ? await writeWithModel(deps.ai, context) : generateOffline(context);
  return storeGenerated(
    deps,
    member,
    input,
    prepareDraft(deps.config, member.workspaceId, input, context, written),
  );
}

/** What POST /api/content/stream-draft sends: the text as it is written, then the stored item. */
export type GenerationEvent = { delta: string } | { item: ContentItem };

/** A finished draft as the stream sends it: the "# " title line, then the body a section at a time. */
function sectionsOf(draft: GeneratedDraft): string[] {
  return [`# ${draft.title}\n\n`, ...draft.body.split(/\n{2,}/).map((block) => `${block}\n\n`)];
}

/**
 * POST /api/content/stream-draft: the same generation as POST /api/generate-content, its text sent as it is
 * written, then stored the same way and sent as the last event. The model's deltas stream as they come (the
 * SEO pass runs on the finished text); the offline draft is complete at once, so the stored text itself is
 * sent a section at a time. The context is read first, so a bad website id is a 400 before streaming; a
 * reader who cancels (`signal`) stops the model and stores nothing.
 */
export async function streamGeneration(
  deps: Deps,
  member: Member,
  input: GenerateContentRequest,
  signal: AbortSignal,
): Promise<AsyncIterable<GenerationEvent>> {
  const context = await readContext(deps, member, input);
  const ai = deps.ai;
  return (async function* () {
    let prepared: PreparedDraft;
    if (ai) {
      let text = '';
      for await (const delta of ai.stream({ ...streamPrompt(context), signal })) {
        text += delta;
        yield { delta };
      }
      prepared = prepareDraft(
        deps.config,
        member.workspaceId,
        input,
        context,
        draftFromStreamedText(text, context),
      );
    } else {
      prepared = prepareDraft(deps.config, member.workspaceId, input, context, generateOffline(context));
      for (const delta of sectionsOf(prepared.draft)) yield { delta };
    }
    if (signal.aborted) throw new AppError('bad_request', serverMessage('ai.aborted'));
    yield { item: await storeGenerated(deps, member, input, prepared) };
  })();
}

/** What the demo seed asks for: an item the offline generator writes, in the state and at the times given. */
export interface OfflineItemSpec {
  topic: string;
  type: GenerationContext['type'];
  /** Left out when the workspace has no such website (any more). */
  websiteId: number | null;
  status: store.ContentRow['status'];
  createdAt: Date;
  scheduledAt: Date | null;
  publishedAt: Date | null;
  createdBy: number;
}

/**
 * Stores an item written by the offline generator from the workspace's own data (its website, its contacts'
 * audience), SEO-optimised as the form's default asks: the demo workspace's content (src/server/seed). A
 * scheduled item needs no job here: the minute sweep publishes whatever is due.
 */
export async function insertOfflineItem(
  config: Deps['config'],
  tx: Tx,
  workspaceId: number,
  spec: OfflineItemSpec,
): Promise<ContentItem> {
  const website = spec.websiteId === null ? undefined : await findWebsiteRow(tx, spec.websiteId);
  const input = { topic: spec.topic, type: spec.type, ...(website ? { websiteId: website.id } : {}) };
  const context = await contextFor(tx, input);
  const prepared = prepareDraft(
    config,
    workspaceId,
    { topic: spec.topic, seoOptimize: true },
    context,
    generateOffline(context),
  );
  const row = await insertPrepared(tx, prepared, {
    websiteId: website?.id ?? null,
    type: spec.type,
    status: spec.status,
    topic: spec.topic,
    generator: offlineGenerator,
    scheduledAt: spec.scheduledAt,
    publishedAt: spec.publishedAt,
    createdAt: spec.createdAt,
    updatedAt: spec.createdAt,
    createdBy: spec.createdBy,
  });
  return toItem(row, workspaceId);
}

/** Whether the workspace has any content item (the demo seed adds its items once). */
export function hasContent(tx: Tx): Promise<boolean> {
  return store.hasAnyItem(tx);
}

// ---- editing ----

export async function updateContent(
  tx: Tx,
  workspaceId: number,
  id: number,
  patch: ContentUpdate,
): Promise<ContentItem> {
  await requireItem(tx, id, true);
  if (patch.websiteId) await requireWebsite(tx, patch.websiteId);
  const row = await store.updateItem(tx, id, patch);
  if (!row) throw new AppError('not_found', serverMessage('content.notFound'));
  return toItem(row, workspaceId);
}

export async function deleteContent(tx: Tx, id: number): Promise<void> {
  if (!(await store.deleteItem(tx, id))) throw new AppError('not_found', serverMessage('content.notFound'));
}

// ---- scheduling and publishing ----

/**
 * Schedules the item: its publish job is queued in this transaction, not before `scheduledAt`; the
 * minute sweep publishes anything due that a job missed, so a restart loses nothing.
 */
export async function scheduleContent(
  deps: Deps,
  tx: Tx,
  workspaceId: number,
  id: number,
  scheduledAt: Date,
): Promise<ContentItem> {
  const row = await requireItem(tx, id, true);
  if (row.status === 'published') throw new AppError('conflict', serverMessage('content.alreadyPublished'));
  if (scheduledAt <= now(deps))
    throw AppError.badRequest('scheduledAt', serverMessage('content.scheduleInPast'));
  const updated = await store.updateItem(tx, id, { status: 'scheduled', scheduledAt });
  await deps.queue.send(publishItemJobName, { workspaceId, id } satisfies ContentJob, {
    tx,
    startAfter: scheduledAt,
  });
  return toItem(updated as store.ContentRow, workspaceId);
}

/** Back to a draft: a scheduled item's job finds it unscheduled and does nothing. */
export async function unscheduleContent(tx: Tx, workspaceId: number, id: number) {
  const row = await requireItem(tx, id, true);
  if (row.status === 'published') throw new AppError('conflict', serverMessage('content.alreadyPublished'));
  const updated = await store.updateItem(tx, id, { status: 'draft', scheduledAt: null });
  return toItem(updated as store.ContentRow, workspaceId);
}

async function afterPublish(deps: Deps, tx: Tx, workspaceId: number, row: store.ContentRow) {
  await recordActivity(
    tx,
    'content_published',
    serverMessage('activity.contentPublished', { type: row.type, title: row.title }),
  );
  if (await store.findWordpress(tx))
    await deps.queue.send(wordpressPushJobName, { workspaceId, id: row.id } satisfies ContentJob, { tx });
}

async function publishRow(deps: Deps, tx: Tx, workspaceId: number, row: store.ContentRow) {
  const published = (await store.updateItem(tx, row.id, {
    status: 'published',
    publishedAt: now(deps),
    scheduledAt: null,
  })) as store.ContentRow;
  await afterPublish(deps, tx, workspaceId, published);
  return published;
}

export async function publishContent(
  deps: Deps,
  tx: Tx,
  workspaceId: number,
  id: number,
): Promise<ContentItem> {
  const row = await requireItem(tx, id, true);
  if (row.status === 'published') throw new AppError('conflict', serverMessage('content.alreadyPublished'));
  return toItem(await publishRow(deps, tx, workspaceId, row), workspaceId);
}

/** The job of one scheduled item: publishes it if it is still scheduled and due by the app's clock. */
export async function publishIfDue(deps: Deps, job: ContentJob): Promise<boolean> {
  return deps.database.withWorkspace(job.workspaceId, async (tx) => {
    // The row lock makes the item's own job and the sweep publish it once between them.
    const row = await store.findItem(tx, job.id, true);
    if (row?.status !== 'scheduled' || !row.scheduledAt || row.scheduledAt > now(deps)) return false;
    await publishRow(deps, tx, job.workspaceId, row);
    return true;
  });
}

/** The minute sweep: every scheduled item whose time has come, in every workspace. */
export async function publishDueContent(deps: Deps): Promise<number> {
  const due = await deps.database.withPlatform((tx) => store.dueEverywhere(tx, now(deps)));
  let published = 0;
  for (const job of due) if (await publishIfDue(deps, job)) published += 1;
  return published;
}

// ---- translation ----

/** A translated copy of the item, a draft of its own; only a model can translate, and it says so. */
export async function translateContent(
  deps: Deps,
  member: Member,
  id: number,
  locale: Locale,
): Promise<ContentItem> {
  const source = await deps.database.withWorkspace(member.workspaceId, (tx) => requireItem(tx, id), {
    readOnly: true,
  });
  if (!deps.ai) throw new AppError('conflict', serverMessage('content.translationNeedsProvider'));
  if (source.locale === locale) throw AppError.badRequest('locale', serverMessage('content.alreadyInLocale'));
  const translated = await translateWithModel(
    deps.ai,
    {
      title: source.title,
      outline: source.outline,
      body: source.body,
      metaDescription: source.metaDescription,
      keywords: source.keywords,
    },
    locale,
  );
  return deps.database.withWorkspace(member.workspaceId, async (tx) => {
    const row = await insertWithFreeSlug(tx, `${source.slug}-${locale.toLowerCase()}`, {
      websiteId: source.websiteId,
      type: source.type,
      status: 'draft',
      topic: source.topic,
      title: translated.title,
      outline: translated.outline,
      body: translated.body,
      metaDescription: translated.metaDescription,
      keywords: translated.keywords,
      locale,
      sourceId: source.id,
      generator: deps.ai?.name ?? offlineGenerator,
      createdBy: member.userId,
    });
    await recordActivity(
      tx,
      'content_created',
      serverMessage('activity.contentTranslated', { locale, title: row.title }),
    );
    return toItem(row, member.workspaceId);
  });
}

// ---- public pages and feeds ----

/** The item's public page; `origin` is where this server is reached (PUBLIC_URL, else the request's). */
export async function publicPage(
  deps: Deps,
  workspaceId: number,
  slug: string,
  origin: string,
): Promise<string | null> {
  const row = await deps.database.withWorkspace(workspaceId, (tx) => store.findPublishedBySlug(tx, slug), {
    readOnly: true,
  });
  if (!row) return null;
  return pageHtml(row, `${origin}${publicPagePath(workspaceId, slug)}`);
}

const rfc822 = (date: Date) => date.toUTCString();

export async function websiteFeed(
  deps: Deps,
  workspaceId: number,
  websiteId: number,
  format: 'rss' | 'json',
  origin: string,
): Promise<string | null> {
  const found = await deps.database.withWorkspace(
    workspaceId,
    async (tx) => {
      const website = await findWebsiteRow(tx, websiteId);
      return website ? { website, items: await store.listPublishedForWebsite(tx, websiteId) } : null;
    },
    { readOnly: true },
  );
  if (!found) return null;
  const { website, items } = found;
  const link = (row: store.ContentRow) => `${origin}${publicPagePath(workspaceId, row.slug)}`;
  if (format === 'json') {
    // JSON Feed 1.1 (https://jsonfeed.org/version/1.1).
    return JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: website.name,
      home_page_url: `https://${website.domain}/`,
      feed_url: `${origin}${feedPath(workspaceId, websiteId, 'json')}`,
      description: website.description || undefined,
      items: items.map((row) => ({
        id: link(row),
        url: link(row),
        title: row.title,
        summary: row.metaDescription,
        content_html: bodyHtml(row.body),
        date_published: row.publishedAt?.toISOString(),
        language: row.locale,
        tags: row.keywords,
      })),
    });
  }
  const entries = items
    .map(
      (row) => `<item>
<title>${escapeHtml(row.title)}</title>
<link>${escapeHtml(link(row))}</link>
<guid isPermaLink="true">${escapeHtml(link(row))}</guid>
<pubDate>${rfc822(row.publishedAt ?? row.createdAt)}</pubDate>
<description>${escapeHtml(row.metaDescription)}</description>
<content:encoded>${escapeHtml(bodyHtml(row.body))}</content:encoded>
</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${escapeHtml(website.name)}</title>
<link>https://${escapeHtml(website.domain)}/</link>
<atom:link href="${escapeHtml(`${origin}${feedPath(workspaceId, websiteId, 'rss')}`)}" rel="self" type="application/rss+xml"/>
<description>${escapeHtml(website.description || website.name)}</description>
${entries}
</channel>
</rss>
`;
}

// ---- WordPress ----

export async function wordpressStatus(tx: Tx): Promise<WordpressStatus> {
  const row = await store.findWordpress(tx);
  return {
    connected: Boolean(row),
    siteUrl: row?.siteUrl ?? null,
    username: row?.username ?? null,
    passwordSet: Boolean(row),
  };
}

export async function connectWordpress(
  deps: Deps,
  tx: Tx,
  workspaceId: number,
  input: { siteUrl: string; username: string; applicationPassword: string },
): Promise<WordpressStatus> {
  await store.upsertWordpress(tx, {
    siteUrl: input.siteUrl.replace(/\/+$/, ''),
    username: input.username,
    sealedPassword: seal(
      deps.config.secretKey,
      wordpressPasswordPurpose,
      input.applicationPassword,
      String(workspaceId),
    ),
  });
  return wordpressStatus(tx);
}

export async function disconnectWordpress(tx: Tx): Promise<WordpressStatus> {
  await store.deleteWordpress(tx);
  return wordpressStatus(tx);
}

/** After a restore (in its transaction, inside the new workspace): nothing it brought publishes by itself. */
export async function unscheduleAfterRestore(tx: Tx): Promise<void> {
  await store.unscheduleAll(tx);
}

/**
 * The WordPress job of one published item. The request runs outside the transaction; its outcome (the
 * post's address, or WordPress's refusal) is written on the item for the editor to show.
 */
/** After a restore: the application password was sealed for the backup's workspace id. */
export async function resealWordpressAfterRestore(
  tx: Tx,
  secretKey: string,
  ids: RestoredIds,
): Promise<void> {
  const row = await store.findWordpress(tx);
  if (!row) return;
  const sealed = reseal(
    secretKey,
    wordpressPasswordPurpose,
    row.sealedPassword,
    String(ids.sourceWorkspaceId),
    String(ids.newWorkspaceId),
  );
  if (sealed) await store.setWordpressSealedPassword(tx, sealed);
}

export async function pushToWordpress(deps: Deps, job: ContentJob): Promise<void> {
  const found = await deps.database.withWorkspace(
    job.workspaceId,
    async (tx) => ({ row: await store.findItem(tx, job.id), connection: await store.findWordpress(tx) }),
    { readOnly: true },
  );
  const { row, connection } = found;
  if (row?.status !== 'published' || !connection) return;
  const client = createWordpressClient(deps.config);
  let outcome: store.ContentPatch;
  try {
    const post = await publishToWordpress(
      client,
      {
        siteUrl: connection.siteUrl,
        username: connection.username,
        applicationPassword: open(
          deps.config.secretKey,
          wordpressPasswordPurpose,
          connection.sealedPassword,
          String(job.workspaceId),
        ),
      },
      { slug: row.slug, title: row.title, html: bodyHtml(row.body), excerpt: row.metaDescription },
    );
    outcome = {
      wordpressPostId: post.id,
      wordpressUrl: post.link,
      wordpressError: null,
      wordpressErrorMessage: null,
    };
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'unavailable') throw error; // the queue retries
    const reason = AppError.storedLine(error, serverMessage('content.wordpressFailed'));
    outcome = { wordpressError: reason.text, wordpressErrorMessage: messageRef(reason) };
  } finally {
    await client.close();
  }
  await deps.database.withWorkspace(job.workspaceId, (tx) => store.updateItem(tx, job.id, outcome));
}
