import type { DashboardStats } from '@domain/dashboard/dashboard-schemas';
import type { Tx } from '../../db/database.js';
import { countDashboardTraffic } from '../analytics/index.js';
import { automationScore } from '../automation/index.js';
import { countContactsByStatus, countWebsiteAudience } from '../contacts/index.js';
import { summarizeRevenue } from '../payments/index.js';
import { getWebsite } from '../websites/index.js';

/**
 * The dashboard's four stat cards, computed from the workspace's own records (spec 000 §2.3 shows sample
 * figures; DESIGN §1 asks for real ones). Traffic comes from the analytics rollups, the automation score from
 * workflow runs (null, 'Not measured yet', until one has finished). With
 * `websiteId`, the figures are those of that one website.
 */
export async function getDashboardStats(
  tx: Tx,
  options: { websiteId?: number } = {},
): Promise<DashboardStats> {
  if (options.websiteId !== undefined) {
    // The website chosen in the sidebar: its contacts are those whose source is its name.
    const website = await getWebsite(tx, options.websiteId);
    return {
      totalRevenue: null,
      subscribers: await countWebsiteAudience(tx, website.name),
      traffic: await countDashboardTraffic(tx, { websiteId: website.id }),
      automationScore: null,
    };
  }
  // One after the other: a transaction is one connection, which runs one statement at a time.
  const revenue = await summarizeRevenue(tx);
  const contacts = await countContactsByStatus(tx);
  const traffic = await countDashboardTraffic(tx);
  return {
    totalRevenue: revenue.total,
    subscribers: contacts.total - contacts.lost,
    traffic,
    automationScore: await automationScore({}, tx),
  };
}
