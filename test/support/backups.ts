import { setTimeout as sleep } from 'node:timers/promises';
import type { Backup } from '@domain/backups/backup-schemas';
import type pg from 'pg';
import { expect } from 'vitest';
import { quoteIdent, type TableInfo } from '../../src/server/features/backups/catalog.js';
import type { ApiClient } from '../test-app.js';

/** Shared by the backup API tests (directory and S3 storage). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await sleep(100);
  }
}

export const listed = async (client: ApiClient) => (await client.get('/api/backups')).json() as Backup[];

export async function backupToEnd(client: ApiClient): Promise<Backup> {
  const started = await client.post('/api/backups');
  expect(started.statusCode).toBe(202);
  const id = started.json().id as number;
  return until(
    async () => (await listed(client)).find((b) => b.id === id) as Backup,
    (b) => b.status === 'completed' || b.status === 'failed',
  );
}

export async function restoreToEnd(client: ApiClient, backupId: number) {
  const started = await client.post(`/api/backups/${backupId}/restore`);
  expect(started.statusCode).toBe(202);
  const id = started.json().id as number;
  const backup = await until(
    async () => (await listed(client)).find((b) => b.id === backupId) as Backup,
    (b) => b.lastRestore?.id === id && ['completed', 'failed'].includes(b.lastRestore.status),
  );
  return backup.lastRestore as NonNullable<Backup['lastRestore']>;
}

/**
 * Rows the copy and the source do not share by design: the source's activities about the backup and the
 * restore came after the snapshot, and a restore replaces the testing sync token (its kept value would not
 * match its regenerated hash).
 */
const afterSnapshot: Record<string, string> = {
  activities: ` and type not like 'backup%'`,
  phone_sync_tokens: ' and not test_only',
};

/**
 * Rows compared as multisets on every column a restore keeps as is: ids, references and regenerated
 * tokens are new by design, and their structure is compared through joins below.
 */
export async function keptRows(owner: pg.Client, table: TableInfo, workspaceId: number): Promise<string[]> {
  const changed = new Set([
    'id',
    'workspace_id',
    ...table.references.map((r) => r.column),
    ...table.regenerated,
  ]);
  const kept = table.columns.filter((c) => !changed.has(c) || (c === 'id' && !table.idSequence));
  const { rows } = await owner.query(
    `select (${kept.map((c) => `${quoteIdent(c)}::text`).join(` || '|' || `)}) as line from ${quoteIdent(table.name)} where workspace_id = $1${afterSnapshot[table.name] ?? ''}`,
    [workspaceId],
  );
  return rows.map((r) => String(r.line)).sort();
}
