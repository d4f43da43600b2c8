import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantIdentityColumn, workspaceIdColumn } from './columns.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Mirror of 0700_site_health.sql (the deployments of link fixes). */
export const linkFixDeployments = pgTable(
  'link_fix_deployments',
  {
    workspaceId: workspaceIdColumn(),
    id: tenantIdentityColumn(),
    websiteId: integer('website_id').notNull(),
    domain: text('domain').notNull(),
    serverType: text('server_type').notNull(),
    fixes: jsonb('fixes').$type<{ brokenUrl: string; fixedUrl: string }[]>().notNull(),
    snippet: text('snippet').notNull(),
    deployedBy: bigint('deployed_by', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
