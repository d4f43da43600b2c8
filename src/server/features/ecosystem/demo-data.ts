import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { demoAppUrls } from './demo-app-simulator.js';
import { demoApps, demoMatrix, demoPlan } from './demo-catalogue.js';
import * as store from './store.js';

const cents = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));

/** The demo workspace's apps (pointing at this server's simulator), its sales matrix and priority plan. */
export async function seedDemoEcosystem(tx: Tx): Promise<void> {
  const ids = new Map<string, number>();
  for (const demo of demoApps) {
    const urls = demoAppUrls(demo);
    const row = await store.insertAppRow(tx, {
      name: demo.name,
      category: demo.category,
      url: urls.site,
      description: demo.description,
      appType: demo.type,
      pricingFree: demo.pricing.free,
      pricingMonthlyCents: cents(demo.pricing.monthly),
      pricingAnnualCents: cents(demo.pricing.annual),
      pricingLifetimeCents: cents(demo.pricing.lifetime),
      pricingOneTimeCents: cents(demo.pricing.oneTime),
      features: demo.features,
      usersUrl: urls.users,
    });
    ids.set(demo.slug, row.id);
    for (const endpoint of demo.endpoints) {
      await store.insertEndpointRow(
        tx,
        row.id,
        {
          name: endpoint.name,
          endpointType: endpoint.type,
          category: endpoint.category,
          description: `${endpoint.format === 'csv' ? 'CSV export' : 'JSON feed'} of ${demo.name}`,
          url: endpoint.format === 'csv' ? urls.csv : urls.json,
          format: endpoint.format,
          fieldMapping: {},
        },
        null,
      );
    }
  }
  for (const m of demoMatrix) {
    await tx.execute(sql`
      insert into cross_sales_targets (source_app_id, target_app_id, services, value_min_cents, value_max_cents, reasoning)
      values (${ids.get(m.from)}, ${ids.get(m.to)}, ${sql.param(m.services)}::text[], ${m.min * 100}, ${m.max * 100}, ${m.reasoning})`);
  }
  for (const item of demoPlan) {
    await tx.execute(sql`
      insert into cross_sales_plan_items (title, source_app, target_app, priority, revenue_cents, timeline, difficulty,
        description, target_audience, steps)
      values (${item.title}, ${item.from}, ${item.to}, ${item.priority}, ${item.revenue * 100}, ${item.timeline},
        ${item.difficulty}, ${`Offer ${item.to} to ${item.from} users at the moment it helps them most.`},
        ${item.audience}, ${sql.param([...item.steps])}::text[])`);
  }
}
