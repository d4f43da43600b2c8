import { sql } from 'drizzle-orm';
import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Tenant tables default workspace_id to the transaction's workspace (see app_current_workspace()). */
export const workspaceIdColumn = () =>
  bigint('workspace_id', { mode: 'number' }).notNull().default(sql`app_current_workspace()`);

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** An identity primary key (`id bigint generated always as identity`). */
export const identityColumn = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/**
 * The id of a table keyed by `(workspace_id, id)` (issue 35): an identity column whose primary key the table
 * declares together with its workspace_id.
 */
export const tenantIdentityColumn = () =>
  bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity();
