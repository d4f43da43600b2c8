import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { Website } from '@domain/websites/website-schemas';
import type { Tx } from '../../db/database.js';
import { recordActivity } from '../activities/index.js';
import {
  deleteWebsiteRow,
  findTrackingKey,
  findWebsiteRow,
  findWebsiteRowByDomain,
  insertWebsiteRow,
  listWebsiteRows,
  updateWebsiteRow,
  type WebsiteRow,
} from './store.js';

function toWebsite(row: WebsiteRow): Website {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The workspace's websites in the order they were added (ids 1, 2, 3, ...). */
export async function listWebsites(tx: Tx): Promise<Website[]> {
  return (await listWebsiteRows(tx)).map(toWebsite);
}

/** One of the workspace's websites; another workspace's id is simply not found (RLS). */
export async function getWebsite(tx: Tx, id: number): Promise<Website> {
  const row = await findWebsiteRow(tx, id);
  if (!row) throw new AppError('not_found', serverMessage('websites.notFound'));
  return toWebsite(row);
}

async function assertDomainFree(tx: Tx, domain: string, exceptId?: number): Promise<void> {
  const existing = await findWebsiteRowByDomain(tx, domain);
  if (existing && existing.id !== exceptId) {
    throw AppError.badRequest('domain', serverMessage('websites.domainTaken', { domain }));
  }
}

export async function addWebsite(
  tx: Tx,
  input: { name: string; domain: string; description: string },
): Promise<Website> {
  await assertDomainFree(tx, input.domain);
  const row = await insertWebsiteRow(tx, input);
  await recordActivity(
    tx,
    'website_added',
    serverMessage('activity.websiteAdded', { name: row.name, domain: row.domain }),
  );
  return toWebsite(row);
}

export async function updateWebsite(
  tx: Tx,
  id: number,
  input: Partial<{ name: string; domain: string; description: string }>,
): Promise<Website> {
  if (!(await findWebsiteRow(tx, id))) throw new AppError('not_found', serverMessage('websites.notFound'));
  if (input.domain) await assertDomainFree(tx, input.domain, id);
  const row = await updateWebsiteRow(tx, id, input);
  if (!row) throw new AppError('not_found', serverMessage('websites.notFound'));
  return toWebsite(row);
}

export async function removeWebsite(tx: Tx, id: number): Promise<void> {
  const row = await findWebsiteRow(tx, id);
  if (!row || !(await deleteWebsiteRow(tx, id)))
    throw new AppError('not_found', serverMessage('websites.notFound'));
  await recordActivity(
    tx,
    'website_removed',
    serverMessage('activity.websiteRemoved', { name: row.name, domain: row.domain }),
  );
}

/** The key of a website's analytics tag; 404 for a website the workspace does not have. */
export async function getWebsiteTrackingKey(tx: Tx, id: number): Promise<string> {
  const key = await findTrackingKey(tx, id);
  if (!key) throw new AppError('not_found', serverMessage('websites.notFound'));
  return key;
}

/** Rows as stored, for features that work on the sites themselves (site health crawls them). */
export { findWebsiteRow, findWebsiteRowByDomain, listWebsiteRows, type WebsiteRow } from './store.js';
