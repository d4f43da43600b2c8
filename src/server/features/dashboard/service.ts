import type { Tx } from '../../db/database.js';

export interface DashboardStats {
  /** Revenue received by the workspace, in integer cents. */
  totalRevenue: number;
  /** Contacts who subscribe to the workspace's offers. */
  subscribers: number;
  /** Site visits; null while nothing in the product measures traffic. */
  traffic: number | null;
  /** Share of work automated (0-100); null while nothing in the product measures it. */
  automationScore: number | null;
}

/**
 * The dashboard's four stat cards, computed from the workspace's own records (spec 000 §2.3 shows sample
 * figures; DESIGN §1 asks for real ones). Revenue and subscribers come from the payments and contacts
 * features once they record data; traffic and automation have no measuring source, so they stay null and
 * the card says 'Not measured yet' instead of inventing a number.
 */
export async function getDashboardStats(_tx: Tx): Promise<DashboardStats> {
  return { totalRevenue: 0, subscribers: 0, traffic: null, automationScore: null };
}
