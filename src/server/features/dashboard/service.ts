import type { Tx } from '../../db/database.js';
import { countContactsByStatus } from '../contacts/service.js';
import { summarizeRevenue } from '../payments/service.js';

export interface DashboardStats {
  /** All revenue the workspace has received, in integer cents. */
  totalRevenue: number;
  /** Contacts in the workspace's audience: every contact except those marked lost. */
  subscribers: number;
  /** Site visits; null while nothing in the product measures traffic. */
  traffic: number | null;
  /** Share of work automated (0-100); null while nothing in the product measures it. */
  automationScore: number | null;
}

/**
 * The dashboard's four stat cards, computed from the workspace's own records (spec 000 §2.3 shows sample
 * figures; DESIGN §1 asks for real ones). Traffic and automation have no measuring source in the product,
 * so they stay null and the card says 'Not measured yet' instead of inventing a number.
 */
export async function getDashboardStats(tx: Tx): Promise<DashboardStats> {
  const [revenue, contacts] = await Promise.all([summarizeRevenue(tx), countContactsByStatus(tx)]);
  return {
    totalRevenue: revenue.total,
    subscribers: contacts.total - contacts.lost,
    traffic: null,
    automationScore: null,
  };
}
