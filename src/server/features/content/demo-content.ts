import type { Tx } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { hasContent, insertOfflineItem, type OfflineItemSpec } from './service.js';

const dayMs = 86_400_000;

/**
 * The demo's content, one or two items per demo website (numbered as the seed numbers them): two published
 * (the feeds and public pages have something to show), one scheduled a week ahead, two drafts. The text is
 * the offline generator's, written from the demo workspace's own websites and contacts.
 */
const demoContent: (Pick<OfflineItemSpec, 'topic' | 'type' | 'status'> & { site: number; days: number })[] = [
  { topic: 'Keynote speaking tips', type: 'blog', status: 'published', site: 0, days: -12 },
  { topic: 'First-time homebuyer checklist', type: 'blog', status: 'published', site: 1, days: -5 },
  { topic: 'AI home matching', type: 'landing', status: 'scheduled', site: 2, days: 7 },
  { topic: 'Spring coaching programme', type: 'social', status: 'draft', site: 0, days: -2 },
  { topic: 'Housing advocate certification', type: 'email', status: 'draft', site: 1, days: -1 },
];

/** Adds the demo's content once: a workspace that has any content already (seeded or written) is left alone. */
export async function seedDemoContent(
  tx: Tx,
  context: {
    config: AppDeps['config'];
    workspaceId: number;
    ownerId: number;
    websiteIds: number[];
    now: Date;
  },
): Promise<void> {
  if (await hasContent(tx)) return;
  for (const item of demoContent) {
    const at = new Date(context.now.getTime() + item.days * dayMs);
    const past = item.days < 0 ? at : context.now;
    await insertOfflineItem(context.config, tx, context.workspaceId, {
      topic: item.topic,
      type: item.type,
      status: item.status,
      websiteId: context.websiteIds[item.site] ?? null,
      createdAt: past,
      scheduledAt: item.status === 'scheduled' ? at : null,
      publishedAt: item.status === 'published' ? at : null,
      createdBy: context.ownerId,
    });
  }
}
