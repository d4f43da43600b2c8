import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import { charityFigures } from '@domain/pricing/charity';
import type { Tx } from '../../db/database.js';
import { listMatrixEntries } from '../cross-sales/index.js';
import { summarizeRevenue } from '../payments/index.js';
import { ecosystemOverview, totalMonthlyValue } from './service.js';
import * as store from './store.js';

const priorityOf = (maxCents: number): 'high' | 'medium' | 'low' =>
  maxCents >= 100_000 ? 'high' : maxCents >= 30_000 ? 'medium' : 'low';

/** Spec 001 §3 "Cross-sell response": where the app's users are offered the apps the matrix says they fit. */
export async function crossSell(tx: Tx, appId: number) {
  const app = await store.findAppRow(tx, appId);
  if (!app) throw new AppError('not_found', serverMessage('ecosystem.appNotFound'));
  const targets = await listMatrixEntries(tx, appId);
  return {
    app: { name: app.name },
    crossSellOpportunities: targets.map((t) => ({
      targetApp: t.targetApp,
      context: t.reasoning,
      incentive: `${t.services.join(', ')} from $${Math.round(t.valueMinCents / 100)}`,
      placement: 'After sign-up and in the account menu',
      priority: priorityOf(t.valueMaxCents),
    })),
  };
}

/** Spec 001 §3 "Pricing table": charity figures from the workspace's recorded revenue (all time). */
export async function pricingTable(tx: Tx) {
  const revenue = await summarizeRevenue(tx);
  const { monthly } = charityFigures(revenue.total);
  return {
    charitableGiving: {
      grossRevenue: monthly.grossRevenueCents / 100,
      netProfit: monthly.netProfitCents / 100,
      charitableDonation: monthly.charitableDonationCents / 100,
    },
  };
}

/** A snippet an app embeds to show its cross-sell offers (links to the target apps). */
function snippet(appName: string, offers: { targetApp: string; url: string; incentive: string }[]): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const links = offers
    .map(
      (o) =>
        `  <li><a href="${esc(o.url)}" data-source-app="${esc(appName)}">${esc(o.targetApp)}</a> — ${esc(o.incentive)}</li>`,
    )
    .join('\n');
  return `<aside class="bh-cross-sell" data-app="${esc(appName)}">\n<ul>\n${links}\n</ul>\n</aside>`;
}

/** Spec 001 §3 "Integration package", saved by the page as a JSON file. */
export async function integrationPackage(tx: Tx) {
  const { apps } = await ecosystemOverview(tx);
  const matrix = await listMatrixEntries(tx);
  const urlOf = new Map(apps.map((a) => [a.name, a.url]));
  const crossSellSnippets = Object.fromEntries(
    apps.map((a) => [
      a.name,
      snippet(
        a.name,
        matrix
          .filter((m) => m.sourceApp === a.name)
          .map((m) => ({
            targetApp: m.targetApp,
            url: urlOf.get(m.targetApp) ?? '',
            incentive: `${m.services.join(', ')} from $${Math.round(m.valueMinCents / 100)}`,
          })),
      ),
    ]),
  );
  return {
    instructions: [
      'Add each app’s cross-sell snippet to its page template, where users finish sign-up.',
      'Point each data endpoint at the app’s lead or user list, then run Collect All Apps.',
      'Run Tag Sources and Update Sources after importing older contacts.',
      'Review the Cross-Sales tab weekly.',
    ],
    ecosystem: {
      apps: apps.map(({ endpoints, ...app }) => ({
        ...app,
        endpoints: endpoints.map(({ fieldMapping, ...e }) => e),
      })),
      crossSellSnippets,
      totalValue: totalMonthlyValue(apps),
    },
    // No link fixes are recorded by this product yet: the count is what exists, zero.
    deployment: { linkFixes: { totalFixes: 0 } },
  };
}

/** The integration status card's metrics. */
export async function integrationStatus(tx: Tx) {
  const { apps, totalEcosystemValue } = await ecosystemOverview(tx);
  const matrix = await listMatrixEntries(tx);
  return {
    totalApplications: apps.length,
    crossSellOpportunities: matrix.length,
    linkFixesDeployed: 0,
    totalEcosystemValue,
  };
}
