import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { claimPublicTokens, releasePublicTokens } from '../../db/public-tokens.js';
import { websites } from '../../db/schema/websites.js';

const columns = {
  id: websites.id,
  name: websites.name,
  domain: websites.domain,
  description: websites.description,
  createdAt: websites.createdAt,
};

export type WebsiteRow = { id: number; name: string; domain: string; description: string; createdAt: Date };

export async function listWebsiteRows(tx: Tx): Promise<WebsiteRow[]> {
  return tx.select(columns).from(websites).orderBy(asc(websites.id));
}

export async function findWebsiteRow(tx: Tx, id: number): Promise<WebsiteRow | null> {
  const [row] = await tx.select(columns).from(websites).where(eq(websites.id, id));
  return row ?? null;
}

export async function findWebsiteRowByDomain(tx: Tx, domain: string): Promise<WebsiteRow | null> {
  const [row] = await tx.select(columns).from(websites).where(eq(websites.domain, domain));
  return row ?? null;
}

export async function insertWebsiteRow(
  tx: Tx,
  values: { name: string; domain: string; description: string },
): Promise<WebsiteRow> {
  const [{ trackingKey, ...row }] = await tx
    .insert(websites)
    .values(values)
    .returning({ ...columns, trackingKey: websites.trackingKey });
  await claimPublicTokens(tx, 'website', [trackingKey]);
  return row;
}

export async function updateWebsiteRow(
  tx: Tx,
  id: number,
  values: Partial<{ name: string; domain: string; description: string }>,
): Promise<WebsiteRow | null> {
  const [row] = await tx.update(websites).set(values).where(eq(websites.id, id)).returning(columns);
  return row ?? null;
}

export async function deleteWebsiteRow(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .delete(websites)
    .where(eq(websites.id, id))
    .returning({ trackingKey: websites.trackingKey });
  await releasePublicTokens(
    tx,
    'website',
    rows.map((r) => r.trackingKey),
  );
  return rows.length > 0;
}

/** The public key the website's analytics tag sends (see 0500_analytics.sql). */
export async function findTrackingKey(tx: Tx, id: number): Promise<string | null> {
  const [row] = await tx.select({ key: websites.trackingKey }).from(websites).where(eq(websites.id, id));
  return row?.key ?? null;
}
