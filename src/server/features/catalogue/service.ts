import type { AnalyticsDashboard, PublicConfig } from '@domain/catalogue/catalogue-schemas';
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

export function getPublicConfig(config: Config, placeholderSchedulerUrl: string): PublicConfig {
  return {
    schedulerUrl: config.SCHEDULER_URL,
    salesEmail: config.SALES_EMAIL,
    isSchedulerConfigured: config.SCHEDULER_URL !== placeholderSchedulerUrl,
    checkout: checkoutMode(config),
  };
}
