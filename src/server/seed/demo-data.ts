import { serverMessage } from '@domain/messages';
import type { Tx } from '../db/database.js';
import { claimPublicTokens } from '../db/public-tokens.js';
import { websites } from '../db/schema/websites.js';
import type { AppDeps } from '../deps.js';
import { recordActivity } from '../features/activities/service.js';
import { seedDemoContacts } from '../features/contacts/demo-contacts.js';
import { seedDemoContent } from '../features/content/demo-content.js';
import { seedDemoCrawls } from '../features/crawls/index.js';
import { seedDemoDeals } from '../features/deals/demo-deals.js';
import { seedDemoEcosystem } from '../features/ecosystem/index.js';
import { seedDemoForms } from '../features/forms/demo-forms.js';
import { seedDemoCampaigns } from '../features/marketing/demo-campaigns.js';
import { closeDemoPhoneSync, seedDemoPhoneSync } from '../features/phone-sync/demo-data.js';
import { seedDemoProducts } from '../features/products/demo-products.js';
import { seedDemoSegments } from '../features/segments/index.js';
import { seedDemoTasks } from '../features/tasks/demo-tasks.js';

/** The spec's three sites, numbered 1, 2, 3 in the demo workspace. */
export const demoWebsites = [
  {
    name: 'Keynote Coaching',
    domain: 'keynotecoaching.example',
    description: 'Speaker and coaching site',
  },
  {
    name: 'Housing Advocate Academy',
    domain: 'housingadvocate.example',
    description: 'Housing-advocacy certification site',
  },
  {
    name: 'HomeMatch AI',
    domain: 'homematch.example',
    description: 'AI real-estate matching site',
  },
];

/** The demo websites' numbers in the demo workspace (assigned 1, 2, 3 as they are inserted). */
export const demoWebsiteIds = demoWebsites.map((_, i) => i + 1);

export interface DemoSeedContext {
  workspaceId: number;
  ownerId: number;
  config: AppDeps['config'];
  /** Whether people may sign in to the demo; only then does it get secrets such as a testing sync token. */
  signIn: boolean;
}

/** Each area adds its demo rows here, inside the demo workspace's transaction. */
export async function seedDemoData(tx: Tx, context: DemoSeedContext): Promise<void> {
  for (const site of demoWebsites) {
    const [{ trackingKey }] = await tx
      .insert(websites)
      .values(site)
      .returning({ trackingKey: websites.trackingKey });
    await claimPublicTokens(tx, 'website', [trackingKey]);
  }
  await recordActivity(tx, 'website_added', serverMessage('activity.demoWebsites'));
  await seedDemoContacts(tx, { ownerId: context.ownerId, siteNames: demoWebsites.map((s) => s.name) });
  await seedDemoDeals(tx, { ownerId: context.ownerId });
  await seedDemoTasks(tx, { ownerId: context.ownerId });
  // Every new workspace gets a testing sync token; a demo nobody signs into must not keep its published one.
  if (context.signIn) await seedDemoPhoneSync(tx, context);
  else await closeDemoPhoneSync(tx);
  await seedDemoProducts(tx);
  await seedDemoCrawls(tx, demoWebsiteIds);
  await seedDemoEcosystem(tx);
  await seedDemoCampaigns(tx);
  await seedDemoContent(tx, { ...context, websiteIds: demoWebsiteIds, now: new Date() });
  await seedDemoForms(tx, { websiteId: demoWebsiteIds[0], now: new Date() });
  await seedDemoSegments(tx);
}
