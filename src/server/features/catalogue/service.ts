import { type Application, applications } from '../../../domain/catalogue/applications.js';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/database.js';
import { countContacts } from './store.js';

export function listApplications(): Application[] {
  return [...applications];
}

export interface AnalyticsDashboard {
  /** Contacts in the workspace's CRM: the people the business serves, not the staff who log in. */
  totalUsers: number;
  /** Payments received in the current calendar month (UTC), in dollars. */
  monthlyRevenue: number;
  /** Percent of customers who bought more than one product; null while there are no customers to measure. */
  crossSellRate: number | null;
}

export async function getAnalyticsDashboard(tx: Tx): Promise<AnalyticsDashboard> {
  const totalUsers = await countContacts(tx);
  return { totalUsers, monthlyRevenue: 0, crossSellRate: null };
}

export interface PublicConfig {
  schedulerUrl: string;
  /** Where the landing page's Enterprise 'Contact Sales' mail link goes. */
  salesEmail: string;
  /** False while SCHEDULER_URL is the shipped placeholder, so the page can say it is not set up yet. */
  isSchedulerConfigured: boolean;
}

export function getPublicConfig(config: Config, placeholderSchedulerUrl: string): PublicConfig {
  return {
    schedulerUrl: config.SCHEDULER_URL,
    salesEmail: config.SALES_EMAIL,
    isSchedulerConfigured: config.SCHEDULER_URL !== placeholderSchedulerUrl,
  };
}
