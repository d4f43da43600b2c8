import { type Application, applications } from '../../../domain/catalogue/applications.js';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/database.js';
import { checkoutMode } from '../../providers/payments/index.js';
import { countContactsByStatus } from '../contacts/service.js';
import { summarizeRevenue } from '../payments/service.js';
import { countCustomerPurchases } from './store.js';

export function listApplications(): Application[] {
  return [...applications];
}

export interface AnalyticsDashboard {
  /** Contacts in the workspace's CRM: the people the business serves, not the staff who log in. */
  totalUsers: number;
  /** Payments received in the current calendar month (UTC), in dollars. */
  monthlyRevenue: number;
  /**
   * Of the customers (contacts with status customer) who have paid, the percent who paid for more than one
   * product; null while no customer has a payment, because a rate of nothing would be an invented 0%.
   */
  crossSellRate: number | null;
}

export async function getAnalyticsDashboard(tx: Tx, now: Date = new Date()): Promise<AnalyticsDashboard> {
  // The contacts area keeps per-workspace counters, so this is one row, not a count over every contact.
  const totalUsers = (await countContactsByStatus(tx)).total;
  const revenue = await summarizeRevenue(tx, now);
  const { buyers, multiProductBuyers } = await countCustomerPurchases(tx);
  return {
    totalUsers,
    monthlyRevenue: revenue.thisMonth / 100,
    crossSellRate: buyers === 0 ? null : crossSellPercent(multiProductBuyers, buyers),
  };
}

/** Share of buying customers with more than one product, in percent with one decimal (2 of 3 -> 66.7). */
export function crossSellPercent(multiProductBuyers: number, buyers: number): number {
  return Math.round((multiProductBuyers / buyers) * 1000) / 10;
}

export interface PublicConfig {
  schedulerUrl: string;
  /** Where the landing page's Enterprise 'Contact Sales' mail link goes. */
  salesEmail: string;
  /** False while SCHEDULER_URL is the shipped placeholder, so the page can say it is not set up yet. */
  isSchedulerConfigured: boolean;
  /** IMPORT_MAX_BYTES: the CSV import dialog states the real limit. */
  importMaxBytes: number;
  /** 'offline-test': checkouts are tests (no card is charged); 'disabled': no payments are taken. */
  checkout: ReturnType<typeof checkoutMode>;
}

export function getPublicConfig(config: Config, placeholderSchedulerUrl: string): PublicConfig {
  return {
    schedulerUrl: config.SCHEDULER_URL,
    salesEmail: config.SALES_EMAIL,
    isSchedulerConfigured: config.SCHEDULER_URL !== placeholderSchedulerUrl,
    checkout: checkoutMode(config),
    importMaxBytes: config.IMPORT_MAX_BYTES,
  };
}
