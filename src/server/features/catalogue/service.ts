import { type Application, applications } from '@domain/catalogue/applications';
import type { AnalyticsDashboard, PublicConfig } from '@domain/catalogue/catalogue-schemas';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/database.js';
import { checkoutMode } from '../../providers/payments/index.js';
import { countContactsByStatus, findCustomerEmails } from '../contacts/index.js';
import { countProductsByEmail, summarizeRevenue } from '../payments/index.js';

export function listApplications(): Application[] {
  return [...applications];
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

/**
 * Customers (contacts with status 'customer') who have paid at least once, matched to payments by email,
 * and how many of them paid for more than one distinct product (payment description). The payments and
 * contacts areas each answer for their own table, inside the member's workspace transaction.
 */
async function countCustomerPurchases(tx: Tx): Promise<{ buyers: number; multiProductBuyers: number }> {
  const payers = await countProductsByEmail(tx);
  const customers = await findCustomerEmails(
    tx,
    payers.map((p) => p.email),
  );
  const buying = payers.filter((p) => customers.has(p.email.toLowerCase()));
  return { buyers: buying.length, multiProductBuyers: buying.filter((p) => p.products > 1).length };
}

/** Share of buying customers with more than one product, in percent with one decimal (2 of 3 -> 66.7). */
export function crossSellPercent(multiProductBuyers: number, buyers: number): number {
  return Math.round((multiProductBuyers / buyers) * 1000) / 10;
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
