import type { AppCategory, AppType, EndpointInput, MappableField } from '@domain/ecosystem/ecosystem-schemas';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';

export type AppRow = {
  id: number;
  name: string;
  category: AppCategory;
  url: string;
  description: string;
  appType: AppType;
  pricingFree: boolean;
  pricingMonthlyCents: number | null;
  pricingAnnualCents: number | null;
  pricingLifetimeCents: number | null;
  pricingOneTimeCents: number | null;
  features: string[];
  usersUrl: string | null;
};

export type EndpointRow = {
  id: number;
  appId: number;
  appName: string;
  name: string;
  endpointType: EndpointInput['type'];
  category: EndpointInput['category'];
  description: string;
  url: string;
  format: EndpointInput['format'];
  authHeaderSealed: string | null;
  fieldMapping: Partial<Record<MappableField, string>>;
};

export interface AppValues {
  name: string;
  category: AppCategory;
  url: string;
  description: string;
  appType: AppType;
  pricingFree: boolean;
  pricingMonthlyCents: number | null;
  pricingAnnualCents: number | null;
  pricingLifetimeCents: number | null;
  pricingOneTimeCents: number | null;
  features: string[];
  usersUrl: string | null;
}

const appColumns = sql`id::int as id, name, category, url, description, app_type as "appType",
  pricing_free as "pricingFree", pricing_monthly_cents::float8 as "pricingMonthlyCents",
  pricing_annual_cents::float8 as "pricingAnnualCents", pricing_lifetime_cents::float8 as "pricingLifetimeCents",
  pricing_one_time_cents::float8 as "pricingOneTimeCents", features, users_url as "usersUrl"`;

const endpointColumns = sql`e.id::int as id, e.app_id::int as "appId", a.name as "appName", e.name,
  e.endpoint_type as "endpointType", e.category, e.description, e.url, e.format,
  e.auth_header_sealed as "authHeaderSealed", e.field_mapping as "fieldMapping"`;

export async function listAppRows(tx: Tx): Promise<AppRow[]> {
  const { rows } = await tx.execute<AppRow>(sql`select ${appColumns} from ecosystem_apps order by id`);
  return rows;
}

export async function findAppRow(tx: Tx, id: number): Promise<AppRow | null> {
  const { rows } = await tx.execute<AppRow>(sql`select ${appColumns} from ecosystem_apps where id = ${id}`);
  return rows[0] ?? null;
}

export async function findAppRowByName(tx: Tx, name: string): Promise<AppRow | null> {
  const { rows } = await tx.execute<AppRow>(
    sql`select ${appColumns} from ecosystem_apps where lower(name) = lower(${name})`,
  );
  return rows[0] ?? null;
}

export async function insertAppRow(tx: Tx, v: AppValues): Promise<AppRow> {
  const { rows } = await tx.execute<AppRow>(sql`
    insert into ecosystem_apps (name, category, url, description, app_type, pricing_free, pricing_monthly_cents,
      pricing_annual_cents, pricing_lifetime_cents, pricing_one_time_cents, features, users_url)
    values (${v.name}, ${v.category}, ${v.url}, ${v.description}, ${v.appType}, ${v.pricingFree},
      ${v.pricingMonthlyCents}, ${v.pricingAnnualCents}, ${v.pricingLifetimeCents}, ${v.pricingOneTimeCents},
      ${sql.param(v.features)}::text[], ${v.usersUrl})
    returning ${appColumns}`);
  return rows[0];
}

export async function updateAppRow(tx: Tx, id: number, v: AppValues): Promise<AppRow | null> {
  const { rows } = await tx.execute<AppRow>(sql`
    update ecosystem_apps set
      former_names = case when name = ${v.name} or name = any(former_names) then former_names
        else array_append(former_names, name) end,
      name = ${v.name}, category = ${v.category}, url = ${v.url},
      description = ${v.description}, app_type = ${v.appType}, pricing_free = ${v.pricingFree},
      pricing_monthly_cents = ${v.pricingMonthlyCents}, pricing_annual_cents = ${v.pricingAnnualCents},
      pricing_lifetime_cents = ${v.pricingLifetimeCents}, pricing_one_time_cents = ${v.pricingOneTimeCents},
      features = ${sql.param(v.features)}::text[], users_url = ${v.usersUrl}
    where id = ${id}
    returning ${appColumns}`);
  return rows[0] ?? null;
}

export async function deleteAppRow(tx: Tx, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`delete from ecosystem_apps where id = ${id} returning id`);
  return rows.length > 0;
}

export async function listEndpointRows(tx: Tx, appId?: number): Promise<EndpointRow[]> {
  const { rows } = await tx.execute<EndpointRow>(sql`
    select ${endpointColumns} from ecosystem_endpoints e join ecosystem_apps a on a.id = e.app_id
    ${appId === undefined ? sql`` : sql`where e.app_id = ${appId}`}
    order by e.app_id, e.id`);
  return rows;
}

export async function findEndpointRow(tx: Tx, id: number): Promise<EndpointRow | null> {
  const { rows } = await tx.execute<EndpointRow>(sql`
    select ${endpointColumns} from ecosystem_endpoints e join ecosystem_apps a on a.id = e.app_id
    where e.id = ${id}`);
  return rows[0] ?? null;
}

export interface EndpointValues {
  name: string;
  endpointType: EndpointInput['type'];
  category: EndpointInput['category'];
  description: string;
  url: string;
  format: EndpointInput['format'];
  fieldMapping: Partial<Record<MappableField, string>>;
}

export async function insertEndpointRow(
  tx: Tx,
  appId: number,
  v: EndpointValues,
  authHeaderSealed: string | null,
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into ecosystem_endpoints (app_id, name, endpoint_type, category, description, url, format,
      auth_header_sealed, field_mapping)
    values (${appId}, ${v.name}, ${v.endpointType}, ${v.category}, ${v.description}, ${v.url}, ${v.format},
      ${authHeaderSealed}, ${JSON.stringify(v.fieldMapping)}::jsonb)
    returning id::int as id`);
  return rows[0].id;
}

/** `authHeaderSealed` undefined keeps the stored header. */
export async function updateEndpointRow(
  tx: Tx,
  id: number,
  v: EndpointValues,
  authHeaderSealed: string | null | undefined,
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    update ecosystem_endpoints set name = ${v.name}, endpoint_type = ${v.endpointType}, category = ${v.category},
      description = ${v.description}, url = ${v.url}, format = ${v.format},
      field_mapping = ${JSON.stringify(v.fieldMapping)}::jsonb
      ${authHeaderSealed === undefined ? sql`` : sql`, auth_header_sealed = ${authHeaderSealed}`}
    where id = ${id} returning id`);
  return rows.length > 0;
}

/** The endpoints that carry a sealed auth header, with what its context is made of. */
export async function sealedEndpointRows(
  tx: Tx,
): Promise<{ id: number; appId: number; name: string; authHeaderSealed: string }[]> {
  const { rows } = await tx.execute<{
    id: number;
    appId: number;
    name: string;
    authHeaderSealed: string;
  }>(sql`
    select id::int as id, app_id::int as "appId", name, auth_header_sealed as "authHeaderSealed"
    from ecosystem_endpoints where auth_header_sealed is not null order by id`);
  return rows;
}

export async function setEndpointSealedHeader(tx: Tx, id: number, authHeaderSealed: string): Promise<void> {
  await tx.execute(
    sql`update ecosystem_endpoints set auth_header_sealed = ${authHeaderSealed} where id = ${id}`,
  );
}

export async function deleteEndpointRow(tx: Tx, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`delete from ecosystem_endpoints where id = ${id} returning id`);
  return rows.length > 0;
}

/** Every spelling that means an app: former names and its domain, to be standardised to its name. */
export async function listAppAliases(
  tx: Tx,
): Promise<{ name: string; url: string; formerNames: string[] }[]> {
  const { rows } = await tx.execute<{ name: string; url: string; formerNames: string[] }>(
    sql`select name, url, former_names as "formerNames" from ecosystem_apps order by id`,
  );
  return rows;
}
