import type { ReportFieldId, ReportSourceId } from '@domain/reports/report-catalogue';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The SQL behind each catalogued field (src/domain/reports/report-catalogue.ts). A report's query is put
 * together from these fragments and parameters only: the names in a definition pick fragments here, and
 * every value the user typed is a bound parameter. The tables are read inside the workspace's transaction,
 * so row-level security keeps every source to the workspace's own rows (ADR 0002); the reports area reads
 * other areas' tables this way rather than through their services, because a report is an aggregate over
 * rows no service returns.
 */
export interface FieldSql {
  /** The value, over the source's rows aliased `t`. Category and text fields are text; dates are UTC days. */
  expr: SQL;
  /** The name shown for a group whose key is an id (an owner's, a website's), from the key (text). */
  label?: (key: SQL) => SQL;
}

/** Where a report's rows come from: a source's table, or a rollup of it (rollups.ts). */
export interface TableSql {
  /** The table, aliased `t`. */
  from: SQL;
  /** A condition every row meets; `dimension` is the analytics rollup's dimension the report groups or filters by. */
  base?: (dimension: string | null) => SQL;
  /** The date the range applies to. */
  date: SQL;
  /** Whether `date` is already a day (a `date` column) rather than a timestamptz. */
  dateIsDay?: true;
}

export interface SourceSql<F extends string> extends TableSql {
  fields: Record<F, FieldSql>;
}

const utcDay = (column: SQL) => sql`((${column}) at time zone 'UTC')::date`;

const ownerField: FieldSql = {
  expr: sql`t.owner_id::text`,
  label: (key) =>
    sql`(select coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), u.email::text) from users u where u.id = (${key})::bigint)`,
};

const websiteField: FieldSql = {
  expr: sql`t.website_id::text`,
  label: (key) => sql`(select w.name from websites w where w.id = (${key})::integer)`,
};

/** A monitor is named by its app (and its own address when it has one). */
const monitorField: FieldSql = {
  expr: sql`t.monitor_id::text`,
  label: (key) =>
    sql`(select a.name || coalesce(' – ' || m.url, '') from ops_monitors m join ecosystem_apps a on a.id = m.app_id where m.id = (${key})::bigint)`,
};

const cents = (column: SQL) => sql`(${column}) / 100.0`;

/** The analytics rollup dimension of each dimension field; the rest read the day's totals. */
const analyticsDimensions: Record<string, string> = {
  page: 'page',
  referrer: 'source',
  country: 'country',
  device: 'device',
  goal: 'event',
};

export function analyticsDimensionOf(field: string): string | undefined {
  return Object.hasOwn(analyticsDimensions, field) ? analyticsDimensions[field] : undefined;
}

export const sourceSql: { [S in ReportSourceId]: SourceSql<ReportFieldId<S>> } = {
  contacts: {
    from: sql`contacts t`,
    date: sql`t.created_at`,
    fields: {
      status: { expr: sql`t.status` },
      source: { expr: sql`t.source` },
      owner: ownerField,
      type: { expr: sql`t.contact_type` },
      company: { expr: sql`t.company` },
      city: { expr: sql`t.city` },
      email: { expr: sql`t.email::text` },
      value: { expr: cents(sql`t.value_cents`) },
      lastContacted: { expr: utcDay(sql`t.last_contacted_at`) },
    },
  },
  companies: {
    from: sql`companies t`,
    date: sql`t.created_at`,
    fields: {
      name: { expr: sql`t.name` },
      domain: { expr: sql`t.domain::text` },
      contacts: { expr: sql`(select count(*) from contacts c where c.company_id = t.id)` },
    },
  },
  deals: {
    from: sql`deals t`,
    date: sql`t.created_at`,
    fields: {
      stage: { expr: sql`t.stage` },
      owner: ownerField,
      website: websiteField,
      currency: { expr: sql`t.currency` },
      contactSource: { expr: sql`(select c.source from contacts c where c.id = t.contact_id)` },
      value: { expr: cents(sql`t.value_cents`) },
      closed: { expr: utcDay(sql`t.closed_at`) },
      expectedClose: { expr: sql`t.expected_close_date` },
    },
  },
  activities: {
    from: sql`activities t`,
    date: sql`t.created_at`,
    fields: { type: { expr: sql`t.type` } },
  },
  tasks: {
    from: sql`tasks t`,
    date: sql`t.created_at`,
    fields: {
      status: { expr: sql`t.status` },
      owner: ownerField,
      due: { expr: utcDay(sql`t.due_at`) },
      closed: { expr: utcDay(sql`t.closed_at`) },
      automatic: { expr: sql`(t.cause_key is not null)` },
    },
  },
  formSubmissions: {
    from: sql`form_submissions t`,
    date: sql`t.submitted_at`,
    fields: {
      form: {
        expr: sql`t.form_id::text`,
        label: (key) => sql`(select f.name from forms f where f.id = (${key})::bigint)`,
      },
      website: websiteField,
      consent: { expr: sql`t.consent_given` },
      contact: {
        expr: sql`t.contact_id::text`,
        label: (key) =>
          sql`(select app_contact_display_name(c.first_name, c.last_name, c.email::text, c.phone) from contacts c where c.id = (${key})::bigint)`,
      },
    },
  },
  analytics: {
    // The rollups the analytics tab reads: one row per site, day and dimension value; `total` rows carry
    // each day's totals. Visitor ids rotate daily, so visitors add up across days as the tab adds them.
    from: sql`analytics_daily t`,
    base: (dimension) => sql`t.dimension = ${dimension ?? 'total'}`,
    date: sql`t.day`,
    dateIsDay: true,
    fields: {
      website: websiteField,
      page: { expr: sql`t.value` },
      referrer: { expr: sql`t.value` },
      country: { expr: sql`t.value` },
      device: { expr: sql`t.value` },
      goal: { expr: sql`t.value` },
      pageviews: { expr: sql`t.pageviews` },
      visitors: { expr: sql`t.visitors` },
      events: { expr: sql`t.events` },
    },
  },
  payments: {
    from: sql`payments t`,
    date: sql`t.paid_at`,
    fields: {
      provider: { expr: sql`t.provider` },
      amount: { expr: cents(sql`t.amount_cents`) },
      recurring: { expr: cents(sql`t.recurring_cents`) },
      oneTime: { expr: cents(sql`t.one_time_cents`) },
      customerEmail: { expr: sql`t.customer_email::text` },
      description: { expr: sql`t.description` },
    },
  },
  campaignMessages: {
    from: sql`marketing_messages t`,
    date: sql`t.created_at`,
    // Workflow mails share the table; a campaign report counts campaigns' messages only.
    base: () => sql`t.campaign_id is not null`,
    fields: {
      campaign: {
        expr: sql`t.campaign_id::text`,
        label: (key) => sql`(select c.name from campaigns c where c.id = (${key})::bigint)`,
      },
      status: { expr: sql`t.status` },
      opened: { expr: sql`(t.opened_at is not null)` },
      clicked: { expr: sql`(t.clicked_at is not null)` },
      converted: { expr: sql`(t.converted_at is not null)` },
      attempts: { expr: sql`t.attempts` },
    },
  },
  webhookDeliveries: {
    from: sql`ops_deliveries t`,
    date: sql`t.created_at`,
    fields: {
      eventType: { expr: sql`t.event_type` },
      status: { expr: sql`t.status` },
      endpoint: {
        expr: sql`t.endpoint_id::text`,
        label: (key) =>
          sql`(select a.name || coalesce(' – ' || e.url, '') from ops_endpoints e join ecosystem_apps a on a.id = e.app_id where e.id = (${key})::bigint)`,
      },
      attempts: { expr: sql`t.attempts` },
    },
  },
  monitorChecks: {
    from: sql`ops_heartbeats t`,
    date: sql`t.checked_at`,
    fields: {
      monitor: monitorField,
      up: { expr: sql`t.up` },
      responseMs: { expr: sql`t.response_ms` },
    },
  },
  incidents: {
    from: sql`ops_incidents t`,
    date: sql`t.opened_at`,
    fields: {
      monitor: monitorField,
      open: { expr: sql`(t.closed_at is null)` },
      // An open incident has lasted until now.
      minutes: { expr: sql`(extract(epoch from coalesce(t.closed_at, now()) - t.opened_at) / 60)::float8` },
    },
  },
};

export function fieldSql(source: ReportSourceId, field: string): FieldSql {
  const fields: Record<string, FieldSql> = sourceSql[source].fields;
  if (!Object.hasOwn(fields, field)) throw new Error(`not a field of ${source}: ${field}`);
  return fields[field];
}
