import { messageRef, type StoredMessage } from '@domain/messages';
import { type Features, featureFlags, type IntegrationStatus } from '@domain/superhub/superhub-schemas';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.js';

export async function readFeatures(tx: Tx): Promise<Features> {
  const { rows } = await tx.execute<Features>(sql`
    select ${sql.raw(featureFlags.join(', '))} from ops_features where workspace_id = app_current_workspace()`);
  return rows[0] ?? (Object.fromEntries(featureFlags.map((f) => [f, true])) as Features);
}

export async function writeFeatures(tx: Tx, features: Features): Promise<void> {
  const columns = sql.raw(featureFlags.join(', '));
  const values = sql.join(
    featureFlags.map((f) => sql`${features[f]}`),
    sql`, `,
  );
  const updates = sql.raw(featureFlags.map((f) => `${f} = excluded.${f}`).join(', '));
  await tx.execute(sql`
    insert into ops_features (${columns}) values (${values})
    on conflict (workspace_id) do update set ${updates}, updated_at = now()`);
}

/** An app's integration columns of its operations state (the rest of that row, counts and deployment, is webhooks'). */
export async function setIntegration(
  tx: Tx,
  appId: number,
  values: { status: IntegrationStatus; step: number; error?: StoredMessage | null; nonce?: string | null },
): Promise<void> {
  await tx.execute(sql`
    update ops_app_state set integration_status = ${values.status}, integration_step = ${values.step},
      integration_error = ${values.error?.text ?? null},
      integration_error_message = ${values.error ? JSON.stringify(messageRef(values.error)) : null}::jsonb,
      integration_nonce = ${values.nonce === undefined ? sql`integration_nonce` : values.nonce},
      error_count = error_count + ${values.status === 'error' ? 1 : 0}
    where app_id = ${appId}`);
}

/** Integrations under way end in error with `reason` (a restored copy's: see backups' restore). */
export async function failUnfinishedIntegrations(tx: Tx, reason: StoredMessage): Promise<void> {
  await tx.execute(sql`
    update ops_app_state set integration_status = 'error', integration_error = ${reason.text},
      integration_error_message = ${JSON.stringify(messageRef(reason))}::jsonb, integration_nonce = null
    where integration_status = 'integrating'`);
}

export async function unfinishedIntegrations(db: Db) {
  const { rows } = await db.execute<{ workspaceId: number; appId: number }>(sql`
    select workspace_id::int as "workspaceId", app_id::int as "appId" from app_ops_unfinished_integrations()`);
  return rows;
}
