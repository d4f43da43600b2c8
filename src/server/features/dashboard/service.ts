import type { Tx } from '../../db/database.js';
import { trafficForDashboard } from '../analytics/service.js';
import { automationScore } from '../automation/service.js';
import { countContactsByStatus, countWebsiteAudience } from '../contacts/service.js';
import { summarizeRevenue } from '../payments/service.js';
import { getWebsite } from '../websites/service.js';

export interface DashboardStats {
  /**
   * All revenue the workspace has received, in integer cents; null for one website, because payments are
   * not recorded per website.
   */
  totalRevenue: number | null;
  /** Contacts in the audience (of the workspace, or of one website): every contact except those marked lost. */
  subscribers: number;
  /** Visitors of the workspace's websites in the last 30 days; null until a site's analytics tag has sent anything. */
  traffic: number | null;
  /**
   * Share of the workspace's workflow runs finished in the last 30 days that completed (0-100), the
   * automation panel's "overall automation"; null while no run has finished.
   */
  automationScore: number | null;
}

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
      traffic: await trafficForDashboard(tx, { websiteId: website.id }),
      automationScore: null,
    };
  }
  // One after the other: a transaction is one connection, which runs one statement at a time.
  const revenue = await summarizeRevenue(tx);
  const contacts = await countContactsByStatus(tx);
  const traffic = await trafficForDashboard(tx);
  return {
    totalRevenue: revenue.total,
    subscribers: contacts.total - contacts.lost,
    traffic,
    automationScore: await automationScore({}, tx),
  };
}
