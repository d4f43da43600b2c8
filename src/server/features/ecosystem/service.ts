import { AppError } from '@domain/app-error';
import {
  type AppInput,
  appCategories,
  type EcosystemApp,
  type EcosystemEndpoint,
  type EndpointInput,
} from '@domain/ecosystem/ecosystem-schemas';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import { recordActivity } from '../activities/index.js';
import { open, type RestoredIds, reseal, seal } from '../email/index.js';
import * as store from './store.js';

const authHeaderPurpose = 'ecosystem-endpoint-auth-header';

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

function toEndpoint(row: store.EndpointRow): EcosystemEndpoint {
  return {
    id: row.id,
    appId: row.appId,
    appName: row.appName,
    name: row.name,
    type: row.endpointType,
    category: row.category,
    description: row.description,
    url: row.url,
    format: row.format,
    hasAuthHeader: row.authHeaderSealed !== null,
    fieldMapping: row.fieldMapping,
  };
}

function toApp(row: store.AppRow, endpoints: store.EndpointRow[]): EcosystemApp {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    url: row.url,
    description: row.description,
    type: row.appType,
    pricing: {
      free: row.pricingFree,
      monthly: dollars(row.pricingMonthlyCents),
      annual: dollars(row.pricingAnnualCents),
      lifetime: dollars(row.pricingLifetimeCents),
      oneTime: dollars(row.pricingOneTimeCents),
    },
    features: row.features,
    usersUrl: row.usersUrl,
    endpoints: endpoints.filter((e) => e.appId === row.id).map(toEndpoint),
  };
}

export async function listApps(tx: Tx): Promise<EcosystemApp[]> {
  const [apps, endpoints] = [await store.listAppRows(tx), await store.listEndpointRows(tx)];
  return apps.map((a) => toApp(a, endpoints));
}

/** Spec 001 §3 "Ecosystem apps response": the apps, the categories, and what they are worth a month together. */
export async function ecosystemOverview(tx: Tx) {
  const apps = await listApps(tx);
  return {
    apps,
    categories: [...appCategories],
    totalEcosystemValue: totalMonthlyValue(apps),
  };
}

export function totalMonthlyValue(apps: Pick<EcosystemApp, 'pricing'>[]): number {
  return Math.round(apps.reduce((sum, a) => sum + (a.pricing.monthly ?? 0), 0) * 100) / 100;
}

export async function getApp(tx: Tx, id: number): Promise<EcosystemApp> {
  const row = await store.findAppRow(tx, id);
  if (!row) throw new AppError('not_found', serverMessage('ecosystem.appNotFound'));
  return toApp(row, await store.listEndpointRows(tx, id));
}

function appValues(input: Omit<AppInput, 'endpoints'>): store.AppValues {
  return {
    name: input.name,
    category: input.category,
    url: input.url,
    description: input.description,
    appType: input.type,
    pricingFree: input.pricing.free,
    pricingMonthlyCents: input.pricing.monthlyCents,
    pricingAnnualCents: input.pricing.annualCents,
    pricingLifetimeCents: input.pricing.lifetimeCents,
    pricingOneTimeCents: input.pricing.oneTimeCents,
    features: input.features,
    usersUrl: input.usersUrl,
  };
}

function endpointValues(input: EndpointInput): store.EndpointValues {
  return {
    name: input.name,
    endpointType: input.type,
    category: input.category,
    description: input.description,
    url: input.url,
    format: input.format,
    fieldMapping: input.fieldMapping,
  };
}

async function assertNameFree(tx: Tx, name: string, exceptId?: number): Promise<void> {
  const existing = await store.findAppRowByName(tx, name);
  if (existing && existing.id !== exceptId)
    throw AppError.badRequest('name', serverMessage('ecosystem.appNameTaken', { name }));
}

/** The sealed form of an auth header; the endpoint's id is authenticated with it, so it opens nowhere else. */
function sealHeader(secretKey: string, header: string, endpointContext: string): string {
  return seal(secretKey, authHeaderPurpose, header.trim(), endpointContext);
}

const headerContext = (appId: number, endpointName: string) => `${appId}:${endpointName.toLowerCase()}`;

/** The auth header to send, opened from its sealed form; null when none is stored. */
export function openAuthHeader(
  secretKey: string,
  row: Pick<store.EndpointRow, 'appId' | 'name' | 'authHeaderSealed'>,
): { name: string; value: string } | null {
  if (!row.authHeaderSealed) return null;
  const header = open(secretKey, authHeaderPurpose, row.authHeaderSealed, headerContext(row.appId, row.name));
  const colon = header.indexOf(':');
  return { name: header.slice(0, colon).trim(), value: header.slice(colon + 1).trim() };
}

/** After a restore: each auth header was sealed for its app's id in the backup's workspace. */
export async function resealAuthHeadersAfterRestore(
  tx: Tx,
  secretKey: string,
  ids: RestoredIds,
): Promise<void> {
  for (const row of await store.sealedEndpointRows(tx)) {
    const oldAppId = await ids.oldIdOf('ecosystem_apps', row.appId);
    if (oldAppId === undefined) continue;
    const sealed = reseal(
      secretKey,
      authHeaderPurpose,
      row.authHeaderSealed,
      headerContext(oldAppId, row.name),
      headerContext(row.appId, row.name),
    );
    if (sealed) await store.setEndpointSealedHeader(tx, row.id, sealed);
  }
}

export async function addApp(tx: Tx, secretKey: string, input: AppInput): Promise<EcosystemApp> {
  await assertNameFree(tx, input.name);
  const row = await store.insertAppRow(tx, appValues(input));
  for (const endpoint of input.endpoints) await insertEndpoint(tx, secretKey, row.id, endpoint);
  await recordActivity(tx, 'ecosystem_app_added', serverMessage('activity.appAdded', { name: row.name }));
  return getApp(tx, row.id);
}

export async function updateApp(
  tx: Tx,
  id: number,
  input: Omit<AppInput, 'endpoints'>,
): Promise<EcosystemApp> {
  if (!(await store.findAppRow(tx, id)))
    throw new AppError('not_found', serverMessage('ecosystem.appNotFound'));
  await assertNameFree(tx, input.name, id);
  await store.updateAppRow(tx, id, appValues(input));
  return getApp(tx, id);
}

export async function removeApp(tx: Tx, id: number): Promise<void> {
  const row = await store.findAppRow(tx, id);
  if (!row || !(await store.deleteAppRow(tx, id)))
    throw new AppError('not_found', serverMessage('ecosystem.appNotFound'));
  await recordActivity(tx, 'ecosystem_app_removed', serverMessage('activity.appRemoved', { name: row.name }));
}

async function insertEndpoint(tx: Tx, secretKey: string, appId: number, input: EndpointInput) {
  const sealed = input.authHeader
    ? sealHeader(secretKey, input.authHeader, headerContext(appId, input.name))
    : null;
  return store.insertEndpointRow(tx, appId, endpointValues(input), sealed);
}

export async function addEndpoint(
  tx: Tx,
  secretKey: string,
  appId: number,
  input: EndpointInput,
): Promise<EcosystemEndpoint> {
  if (!(await store.findAppRow(tx, appId)))
    throw new AppError('not_found', serverMessage('ecosystem.appNotFound'));
  const id = await insertEndpoint(tx, secretKey, appId, input);
  return toEndpoint((await store.findEndpointRow(tx, id)) as store.EndpointRow);
}

export async function updateEndpoint(
  tx: Tx,
  secretKey: string,
  id: number,
  input: EndpointInput,
): Promise<EcosystemEndpoint> {
  const existing = await store.findEndpointRow(tx, id);
  if (!existing) throw new AppError('not_found', serverMessage('ecosystem.endpointNotFound'));
  // The seal is bound to the endpoint's name: a rename re-seals the kept header under the new name.
  let sealed: string | null | undefined;
  if (input.authHeader === null) sealed = null;
  else if (input.authHeader !== undefined)
    sealed = sealHeader(secretKey, input.authHeader, headerContext(existing.appId, input.name));
  else if (existing.authHeaderSealed && existing.name !== input.name) {
    const kept = openAuthHeader(secretKey, existing) as { name: string; value: string };
    sealed = sealHeader(secretKey, `${kept.name}: ${kept.value}`, headerContext(existing.appId, input.name));
  }
  await store.updateEndpointRow(tx, id, endpointValues(input), sealed);
  return toEndpoint((await store.findEndpointRow(tx, id)) as store.EndpointRow);
}

export async function removeEndpoint(tx: Tx, id: number): Promise<void> {
  if (!(await store.deleteEndpointRow(tx, id)))
    throw new AppError('not_found', serverMessage('ecosystem.endpointNotFound'));
}

/** Spec 001 §3 "App source". */
export async function listAppSources(tx: Tx) {
  return (await store.listAppRows(tx)).map((a) => ({
    name: a.name,
    type: a.appType,
    description: a.description,
    url: a.url,
  }));
}

/** Spec 001 §3 "Data-collection endpoint", with the app it belongs to. */
export async function listDataEndpoints(tx: Tx): Promise<EcosystemEndpoint[]> {
  return (await store.listEndpointRows(tx)).map(toEndpoint);
}
