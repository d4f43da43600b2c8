import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';

const t = useTestApp();
let db: pg.Client;
let owner: SignedUp;
let other: SignedUp;
let member: Awaited<ReturnType<typeof addMember>>;
let viewer: Awaited<ReturnType<typeof addMember>>;

/** More than one batch of the cursor (5,000 rows), so the fetch loop goes round. */
const bulk = 5_700;

// Each cell a spreadsheet would run: = + - @, a tab, a carriage return.
const hostile = {
  first: '=HYPERLINK("http://evil.example","click")',
  last: '+1+2',
  company: '@SUM(A1)',
  city: '-2+3',
  notes: '\tTabbed',
};

beforeAll(async () => {
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signUpOwner(t.app, { businessName: 'Export Works' });
  other = await signUpOwner(t.app, { businessName: 'Elsewhere Exports' });
  member = await addMember(t.app, owner, 'member');
  viewer = await addMember(t.app, owner, 'viewer');
  await db.query(
    `insert into contacts (workspace_id, first_name, last_name, company, city, email, value_cents, created_at)
     values ($1, $2, $3, $4, $5, 'hostile@example.test', 1234, '2026-03-02T10:00Z')`,
    [owner.workspaceId, hostile.first, hostile.last, hostile.company, hostile.city],
  );
  await db.query(
    `insert into contacts (workspace_id, first_name, last_name, email, status, value_cents, created_at)
     select $1, 'Bulk', 'No ' || n, 'bulk' || n || '@example.test',
       case when n % 3 = 0 then 'customer' else 'lead' end, n * 100, '2026-03-10T10:00Z'::timestamptz + n * interval '1 minute'
     from generate_series(1, ${bulk}) n`,
    [owner.workspaceId],
  );
  await db.query(
    `insert into tasks (workspace_id, title, owner_id, created_at) values ($1, $2, $3, '2026-03-04T10:00Z')`,
    [owner.workspaceId, hostile.notes, owner.userId],
  );
  await db.query(
    `insert into contacts (workspace_id, first_name, email) values ($1, 'Other', 'o@example.test')`,
    [other.workspaceId],
  );
});
afterAll(async () => {
  await db?.end();
});

const csvOf = (body: string): string[][] => parse(body, { bom: true });

async function xlsxOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => {
    rows.push(row);
  });
  return rows;
}

describe('list exports', () => {
  it('streams every contact as CSV, read back by csv-parse, with formulas neutralised', async () => {
    const res = await member.client.get('/api/reports/exports/contacts?format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = csvOf(res.body);
    expect(rows[0]).toEqual([
      'ID',
      'First name',
      'Last name',
      'Email',
      'Phone',
      'Company',
      'Source',
      'Status',
      'Value',
      'Owner',
      'City',
      'Created',
    ]);
    expect(rows).toHaveLength(1 + 1 + bulk);
    const first = rows[1];
    expect(first.slice(1, 4)).toEqual([`'${hostile.first}`, `'${hostile.last}`, 'hostile@example.test']);
    expect(first[5]).toBe(`'${hostile.company}`);
    expect(first[8]).toBe('12.34');
    expect(first[10]).toBe(`'${hostile.city}`);
    expect(first[11]).toBe('2026-03-02T10:00:00Z');
    // In id order, the last of the bulk last; nothing of the other workspace.
    expect(rows[rows.length - 1].slice(1, 4)).toEqual(['Bulk', `No ${bulk}`, `bulk${bulk}@example.test`]);
    expect(res.body).not.toContain('o@example.test');
  });

  it('streams the same as XLSX, read back by exceljs: numbers as numbers, formulas as text', async () => {
    const res = await member.client.get('/api/reports/exports/contacts?format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const rows = await xlsxOf(res.rawPayload);
    expect(rows).toHaveLength(1 + 1 + bulk);
    expect(rows[0].getCell(2).value).toBe('First name');
    const first = rows[1];
    expect(first.getCell(2).value).toBe(`'${hostile.first}`);
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(9).value).toBe(12.34);
    expect(rows[rows.length - 1].getCell(9).value).toBe(bulk);
  });

  it('exports deals and tasks; refuses viewers and an unknown list or format, naming the field', async () => {
    const tasks = csvOf((await owner.client.get('/api/reports/exports/tasks')).body);
    expect(tasks[0]).toEqual(['ID', 'Title', 'Status', 'Due', 'Owner', 'Created', 'Closed']);
    expect(tasks.slice(1).map((r) => [r[1], r[4]])).toEqual([[`'${hostile.notes}`, 'Olive Owner']]);
    const deals = await owner.client.get('/api/reports/exports/deals?format=xlsx');
    expect(deals.statusCode).toBe(200);
    expect((await xlsxOf(deals.rawPayload)).map((r) => r.getCell(1).value)).toEqual(['ID']);

    expect((await viewer.client.get('/api/reports/exports/contacts')).statusCode).toBe(403);
    const list = await owner.client.get('/api/reports/exports/users');
    expect(list.statusCode).toBe(400);
    expect(list.json().issues[0].path).toBe('list');
    const format = await owner.client.get('/api/reports/exports/contacts?format=pdf');
    expect(format.statusCode).toBe(400);
    expect(format.json().issues[0].path).toBe('format');
  });
});

describe('campaign recipient and webhook delivery exports', () => {
  async function fixture(workspaceId: number, prefix: string) {
    const q = (text: string, values: unknown[] = []) => db.query(text, [workspaceId, ...values]);
    const campaign = async (name: string) =>
      (
        await q(
          `insert into campaigns (workspace_id, name, subject, body) values ($1, $2, 'S', 'B') returning id`,
          [name],
        )
      ).rows[0].id as number;
    const spring = await campaign(`${prefix}${hostile.first}`);
    const autumn = await campaign(`${prefix}Autumn`);
    const contact = (
      await q(
        `insert into contacts (workspace_id, first_name, last_name, email) values ($1, 'Rita', 'Reader', $2) returning id`,
        [`${prefix}rita@example.test`],
      )
    ).rows[0].id;
    const message = (n: number, campaignId: number, email: string, extra: unknown[]) =>
      q(
        `insert into marketing_messages (workspace_id, idempotency_key, campaign_id, contact_id, to_email, subject, body,
           status, token, variant, sent_at, opened_at, clicked_at)
         values ($1, $2, $3, $4, $5, 'S', 'B', $6, $7, $8, $9, $10, $11)`,
        [`campaign:${campaignId}:${n}`, campaignId, n === 1 ? contact : null, email, ...extra],
      );
    await message(1, spring, `${prefix}rita@example.test`, [
      'sent',
      `tok-${prefix}1`,
      1,
      '2026-03-10T10:00Z',
      '2026-03-10T11:00Z',
      '2026-03-10T12:00Z',
    ]);
    await message(2, spring, `${prefix}gone@example.test`, [
      'failed',
      `tok-${prefix}2`,
      null,
      null,
      null,
      null,
    ]);
    await message(3, autumn, `${prefix}later@example.test`, [
      'queued',
      `tok-${prefix}3`,
      null,
      null,
      null,
      null,
    ]);
    await q(
      `insert into marketing_suppressions (workspace_id, email, reason, created_at) values ($1, $2, 'hard_bounce', '2026-03-10T10:05Z')`,
      [`${prefix}gone@example.test`],
    );
    // Workflow mail shares the table and is no campaign's.
    await q(
      `insert into marketing_messages (workspace_id, idempotency_key, to_email, subject, body, status, token)
       values ($1, $2, 'w@example.test', 'S', 'B', 'sent', $3)`,
      [`run:${prefix}:a`, `tok-${prefix}run`],
    );
    const app = (
      await q(
        `insert into ecosystem_apps (workspace_id, name, category, url) values ($1, 'Shop', 'core', 'https://shop.example') returning id`,
      )
    ).rows[0].id;
    const endpoint = async (url: string) =>
      (
        await q(`insert into ops_endpoints (workspace_id, app_id, url) values ($1, $2, $3) returning id`, [
          app,
          url,
        ])
      ).rows[0].id as number;
    const hooks = await endpoint('https://hooks.example/in');
    const audit = await endpoint('https://audit.example/in');
    const delivery = async (endpointId: number, event: string, status: string, attempts: number) =>
      (
        await q(
          `insert into ops_deliveries (workspace_id, endpoint_id, webhook_id, event_type, body, status, attempts, created_at, finished_at)
           values ($1, $2, 'w', $3, '{}', $4, $5, '2026-03-12T10:00Z', case when $4 = 'succeeded' then '2026-03-12T10:00:02Z'::timestamptz end)
           returning id`,
          [endpointId, event, status, attempts],
        )
      ).rows[0].id as number;
    const paid = await delivery(hooks, '@order.paid', 'succeeded', 2);
    await delivery(audit, 'contact.created', 'failed', 5);
    for (const ms of [900, 120])
      await q(
        `insert into ops_delivery_attempts (workspace_id, delivery_id, status_code, duration_ms) values ($1, $2, 200, $3)`,
        [paid, ms],
      );
    return { spring, autumn, hooks, audit };
  }

  it('exports a campaign’s recipients and an endpoint’s deliveries as CSV and XLSX, isolated', async () => {
    const mine = await fixture(owner.workspaceId, '');
    const theirs = await fixture(other.workspaceId, 'other-');

    const recipients = await member.client.get(
      `/api/reports/exports/campaignRecipients?format=csv&campaignId=${mine.spring}`,
    );
    expect(recipients.statusCode, recipients.body).toBe(200);
    expect(recipients.headers['content-disposition']).toMatch(/filename="campaignRecipients-/);
    const rows = csvOf(recipients.body);
    expect(rows[0]).toEqual([
      'ID',
      'Campaign',
      'Contact',
      'Email',
      'Status',
      'Variant',
      'Sent',
      'Opened',
      'Clicked',
      'Bounced',
    ]);
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual([
      [
        `'${hostile.first}`,
        'Rita Reader',
        'rita@example.test',
        'sent',
        'B',
        '2026-03-10T10:00:00Z',
        '2026-03-10T11:00:00Z',
        '2026-03-10T12:00:00Z',
        '',
      ],
      [`'${hostile.first}`, '', 'gone@example.test', 'failed', '', '', '', '', '2026-03-10T10:05:00Z'],
    ]);
    // Every campaign's recipients without a campaign; never another workspace's, even by its id.
    const all = csvOf((await member.client.get('/api/reports/exports/campaignRecipients')).body);
    expect(all.slice(1).map((r) => r[3])).toEqual([
      'rita@example.test',
      'gone@example.test',
      'later@example.test',
    ]);
    const foreign = await member.client.get(
      `/api/reports/exports/campaignRecipients?campaignId=${theirs.spring}`,
    );
    expect(csvOf(foreign.body)).toHaveLength(1);

    const xlsx = await member.client.get(
      `/api/reports/exports/webhookDeliveries?format=xlsx&endpointId=${mine.hooks}`,
    );
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const sheet = (await xlsxOf(xlsx.rawPayload)).map((r) => (r.values as unknown[]).slice(2));
    expect(sheet).toEqual([
      ['Event', 'Endpoint', 'Status', 'Attempts', 'Latency (ms)', 'Created', 'Finished'],
      [
        "'@order.paid",
        'Shop – https://hooks.example/in',
        'succeeded',
        2,
        120,
        '2026-03-12T10:00:00Z',
        '2026-03-12T10:00:02Z',
      ],
    ]);
    const deliveries = csvOf((await member.client.get('/api/reports/exports/webhookDeliveries')).body);
    expect(deliveries.slice(1).map((r) => [r[1], r[3], r[4], r[5]])).toEqual([
      ["'@order.paid", 'succeeded', '2', '120'],
      ['contact.created', 'failed', '5', ''],
    ]);
    const recipientsXlsx = await member.client.get(
      `/api/reports/exports/campaignRecipients?format=xlsx&campaignId=${mine.autumn}`,
    );
    expect((await xlsxOf(recipientsXlsx.rawPayload)).map((r) => r.getCell(4).value)).toEqual([
      'Email',
      'later@example.test',
    ]);

    expect((await viewer.client.get('/api/reports/exports/webhookDeliveries')).statusCode).toBe(403);
    const bad = await owner.client.get('/api/reports/exports/campaignRecipients?campaignId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('campaignId');
  });
});

describe('report exports', () => {
  it('writes the report’s table, previous period included, as CSV and XLSX; viewers too, other workspaces not', async () => {
    const created = await owner.client.post('/api/reports', {
      name: 'Contacts by status',
      source: 'contacts',
      measures: [{ fn: 'count' }, { fn: 'sum', field: 'value' }],
      breakdown: { by: 'field', field: 'status' },
      range: { from: '2026-03-01', to: '2026-03-31' },
      compare: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    // Bulk n is a customer when n is a multiple of 3: 1,500 of them, their values 3+6+…+4,500 (× 100 cents).
    const customers = bulk / 3;
    const customerValue = (3 * (customers * (customers + 1))) / 2;
    const allValue = (bulk * (bulk + 1)) / 2 + 12.34;

    const res = await viewer.client.get(`/api/reports/${id}/export?format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Contacts by status.csv"');
    expect(csvOf(res.body)).toEqual([
      ['Status', 'Count', 'Sum: Value', 'Count (previous period)', 'Sum: Value (previous period)'],
      ['lead', String(bulk - customers + 1), String(allValue - customerValue), '0', '0'],
      ['customer', String(customers), String(customerValue), '0', '0'],
      ['Total', String(bulk + 1), String(allValue), '0', '0'],
    ]);

    const xlsx = await viewer.client.get(`/api/reports/${id}/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const rows = (await xlsxOf(xlsx.rawPayload)).map((r) => (r.values as unknown[]).slice(1));
    expect(rows[3]).toEqual(['Total', bulk + 1, allValue, 0, 0]);

    expect((await other.client.get(`/api/reports/${id}/export`)).statusCode).toBe(404);
  });
});
