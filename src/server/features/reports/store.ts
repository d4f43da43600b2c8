import type {
  ExportList,
  ExportListQuery,
  ReportDefinition,
  ReportRange,
} from '@domain/reports/report-schemas';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { clientOf, type Tx } from '../../db/database.js';
import { reports } from '../../db/schema/reports.js';
import { seriesQuery } from './query.js';

export type ReportRow = typeof reports.$inferSelect;

export async function listReportRows(tx: Tx): Promise<ReportRow[]> {
  return tx
    .select()
    .from(reports)
    .orderBy(asc(sql`lower(${reports.name})`), asc(reports.id));
}

export async function findReportRow(tx: Tx, id: number): Promise<ReportRow | undefined> {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id));
  return row;
}

export async function insertReportRow(
  tx: Tx,
  definition: ReportDefinition,
  createdBy: number,
): Promise<ReportRow> {
  const [row] = await tx.insert(reports).values({ name: definition.name, definition, createdBy }).returning();
  return row;
}

export async function updateReportRow(
  tx: Tx,
  id: number,
  definition: ReportDefinition,
): Promise<ReportRow | undefined> {
  const [row] = await tx
    .update(reports)
    .set({ name: definition.name, definition })
    .where(eq(reports.id, id))
    .returning();
  return row;
}

export async function deleteReportRow(tx: Tx, id: number): Promise<boolean> {
  const deleted = await tx.delete(reports).where(eq(reports.id, id)).returning({ id: reports.id });
  return deleted.length > 0;
}

/** One row of `seriesQuery`: `total` is 1 on the row of totals; `m0`…`mN` are the measures. */
export interface SeriesRow {
  total: number;
  key: string | null;
  label: string | null;
  [measure: `m${number}`]: number | null;
}

export async function readSeries(
  tx: Tx,
  definition: ReportDefinition,
  range: ReportRange,
): Promise<SeriesRow[]> {
  const { rows } = await tx.execute<SeriesRow & Record<string, unknown>>(seriesQuery(definition, range));
  return rows;
}

/** Rows fetched per round trip of an export's cursor: large enough to keep the round trips few. */
const cursorBatch = 5_000;

/**
 * The rows of `query` (as arrays, in its columns' order), a batch at a time, through a server-side cursor
 * in the caller's transaction (its workspace, row-level security): memory holds one batch, whatever the row
 * count. The caller awaits each batch's writing before the next is fetched, so a slow reader slows the
 * fetching rather than filling memory.
 */
export async function* cursorRows(tx: Tx, query: SQL): AsyncGenerator<unknown[][]> {
  await tx.execute(sql`declare report_export no scroll cursor for ${query}`);
  // Arrays, not objects: the rows go straight into a file's cells.
  const client = clientOf(tx);
  try {
    for (;;) {
      const { rows } = await client.query<unknown[]>({
        text: `fetch forward ${cursorBatch} from report_export`,
        rowMode: 'array',
      });
      if (rows.length > 0) yield rows;
      if (rows.length < cursorBatch) return;
    }
  } finally {
    await client.query('close report_export').catch(() => {});
  }
}

const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const ownerName = sql`coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), u.email::text)`;

/**
 * The columns of each list's export: a heading and its SQL, read by id through a cursor. Money in the
 * currency's units, times in UTC (ISO 8601), so a spreadsheet sorts and sums them.
 */
const exportColumns: Record<
  ExportList,
  { from: SQL; columns: [string, SQL][]; where?: (query: ExportListQuery) => SQL | undefined }
> = {
  contacts: {
    from: sql`contacts t left join users u on u.id = t.owner_id`,
    columns: [
      ['ID', sql`t.id`],
      ['First name', sql`t.first_name`],
      ['Last name', sql`t.last_name`],
      ['Email', sql`t.email::text`],
      ['Phone', sql`t.phone`],
      ['Company', sql`t.company`],
      ['Source', sql`t.source`],
      ['Status', sql`t.status`],
      ['Value', sql`(t.value_cents / 100.0)::float8`],
      ['Owner', ownerName],
      ['City', sql`t.city`],
      ['Created', isoTime(sql`t.created_at`)],
    ],
  },
  deals: {
    from: sql`deals t left join users u on u.id = t.owner_id`,
    columns: [
      ['ID', sql`t.id`],
      ['Name', sql`t.name`],
      ['Stage', sql`t.stage`],
      ['Value', sql`(t.value_cents / 100.0)::float8`],
      ['Currency', sql`t.currency`],
      ['Contact', sql`t.contact_name`],
      ['Owner', ownerName],
      ['Expected close', sql`to_char(t.expected_close_date, 'YYYY-MM-DD')`],
      ['Created', isoTime(sql`t.created_at`)],
      ['Closed', isoTime(sql`t.closed_at`)],
    ],
  },
  tasks: {
    from: sql`tasks t left join users u on u.id = t.owner_id`,
    columns: [
      ['ID', sql`t.id`],
      ['Title', sql`t.title`],
      ['Status', sql`t.status`],
      ['Due', isoTime(sql`t.due_at`)],
      ['Owner', ownerName],
      ['Created', isoTime(sql`t.created_at`)],
      ['Closed', isoTime(sql`t.closed_at`)],
    ],
  },
  // Campaigns' messages only (workflow mail shares the table); bounced is the address's hard bounce.
  campaignRecipients: {
    from: sql`marketing_messages t join campaigns c on c.id = t.campaign_id
      left join contacts k on k.id = t.contact_id
      left join marketing_suppressions s on s.email = t.to_email and s.reason = 'hard_bounce'`,
    where: ({ campaignId }) => (campaignId === undefined ? undefined : sql`t.campaign_id = ${campaignId}`),
    columns: [
      ['ID', sql`t.id`],
      ['Campaign', sql`c.name`],
      ['Contact', sql`app_contact_display_name(k.first_name, k.last_name, k.email::text, k.phone)`],
      ['Email', sql`t.to_email::text`],
      ['Status', sql`t.status`],
      // A/B variants are stored from 0; people name them A, B, ….
      ['Variant', sql`chr(65 + t.variant)`],
      ['Sent', isoTime(sql`t.sent_at`)],
      ['Opened', isoTime(sql`t.opened_at`)],
      ['Clicked', isoTime(sql`t.clicked_at`)],
      ['Bounced', isoTime(sql`s.created_at`)],
    ],
  },
  webhookDeliveries: {
    from: sql`ops_deliveries t join ops_endpoints e on e.id = t.endpoint_id
      join ecosystem_apps a on a.id = e.app_id
      left join lateral (select x.duration_ms from ops_delivery_attempts x
        where x.delivery_id = t.id order by x.id desc limit 1) last on true`,
    where: ({ endpointId }) => (endpointId === undefined ? undefined : sql`t.endpoint_id = ${endpointId}`),
    columns: [
      ['ID', sql`t.id`],
      ['Event', sql`t.event_type`],
      ['Endpoint', sql`a.name || coalesce(' – ' || e.url, '')`],
      ['Status', sql`t.status`],
      ['Attempts', sql`t.attempts`],
      ['Latency (ms)', sql`last.duration_ms`],
      ['Created', isoTime(sql`t.created_at`)],
      ['Finished', isoTime(sql`t.finished_at`)],
    ],
  },
};

/** A list's export: its headings and the query for its rows (columns `c0`…, in the headings' order). */
export function listExport(list: ExportList, query: ExportListQuery): { header: string[]; query: SQL } {
  const { from, columns, where } = exportColumns[list];
  const condition = where?.(query);
  const selected = sql.join(
    columns.map(([, column], i) => sql`${column} as ${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
  return {
    header: columns.map(([heading]) => heading),
    query: sql`select ${selected} from ${from} ${condition ? sql`where ${condition}` : sql``} order by t.id`,
  };
}
