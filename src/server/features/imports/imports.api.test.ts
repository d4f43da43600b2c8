import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { internalDetail, withFailingInserts } from '../../../../test/support/failing-inserts.js';
import {
  ApiClient,
  addMember,
  type SignedUp,
  signUpOwner,
  type TestApp,
  useTestApp,
} from '../../../../test/test-app.js';

const t = useTestApp({ workers: true });

interface Status {
  status: 'processing' | 'completed' | 'failed';
  total_rows: number;
  processed_rows: number;
  successful_imports: number;
  failed_imports: number;
  created_contacts: number;
  updated_contacts: number;
  error_message: string | null;
  error_message_ref: { id: string; values?: Record<string, unknown> } | null;
}

async function startImport(client: ApiClient, csvData: string, filename = 'contacts.csv') {
  return client.post('/api/contacts/import-csv', { csvData, filename });
}

async function waitForImport(client: ApiClient, jobId: number): Promise<Status> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await client.get(`/api/contacts/import-status/${jobId}`);
    expect(res.statusCode).toBe(200);
    const status = res.json() as Status;
    if (status.status !== 'processing') return status;
    if (Date.now() > deadline) throw new Error(`import ${jobId} still processing: ${res.body}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function importAndWait(client: ApiClient, csvData: string, filename?: string) {
  const res = await startImport(client, csvData, filename);
  expect(res.statusCode, res.body).toBe(202);
  return { started: res.json(), status: await waitForImport(client, res.json().jobId) };
}

type ContactRow = {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  company_id: number | null;
  source: string;
  status: string;
  value_cents: number;
  city: string | null;
};

async function contactsOf(owner: SignedUp): Promise<ContactRow[]> {
  return t.database.withWorkspace(owner.workspaceId, async (tx) => {
    const { rows } = await tx.execute<ContactRow>(sql`
      select first_name, last_name, email::text as email, phone, company, company_id, source, status, value_cents, city
      from contacts order by id`);
    return rows;
  });
}

async function countJobs(owner: SignedUp): Promise<number> {
  return t.database.withWorkspace(owner.workspaceId, async (tx) => {
    const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from import_jobs`);
    return rows[0].n;
  });
}

function multipartBody(filename: string, content: string | Buffer, boundary = '----hubtest') {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

async function upload(client: ApiClient, filename: string, content: string | Buffer) {
  return client.app.inject({
    method: 'POST',
    url: '/api/contacts/import-csv/upload',
    headers: {
      host: 'localhost',
      origin: 'http://localhost',
      cookie: client.cookie,
      'content-type': 'multipart/form-data; boundary=----hubtest',
    },
    payload: multipartBody(filename, content),
  });
}

describe('POST /api/contacts/import-csv', () => {
  it('imports a file with a BOM, CRLF endings, quoted commas and newlines, and common header names', async () => {
    const owner = await signUpOwner(t.app);
    const csv =
      '\uFEFFFirst Name,Last Name,E-mail,Company Name,Phone Number,Status,Value,City\r\n' +
      'Ada,Lovelace,ADA@Example.com,"Analytical Engines, Ltd","(415) 555-0101",Customer,"$1,250.50",London\r\n' +
      '\r\n' +
      'Grace,Hopper,grace@example.com,"Navy\r\nResearch",+44 20 7946 0958,qualified,99,"New\nYork"\r\n';
    const { started, status } = await importAndWait(owner.client, csv, 'leads.csv');
    expect(started.preview).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        company: 'Analytical Engines, Ltd',
      },
      { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', company: 'Navy\r\nResearch' },
    ]);
    expect(started.totalRows).toBe(2);
    expect(status).toMatchObject({
      status: 'completed',
      total_rows: 2,
      processed_rows: 2,
      successful_imports: 2,
      failed_imports: 0,
      created_contacts: 2,
    });
    const rows = await contactsOf(owner);
    expect(rows).toEqual([
      expect.objectContaining({
        first_name: 'Ada',
        email: 'ada@example.com',
        company: 'Analytical Engines, Ltd',
        phone: '+14155550101',
        status: 'customer',
        value_cents: 125050,
        city: 'London',
        source: 'Unknown',
      }),
      expect.objectContaining({
        first_name: 'Grace',
        company: 'Navy\r\nResearch',
        phone: '+442079460958',
        status: 'qualified',
        value_cents: 9900,
        city: 'New\nYork',
      }),
    ]);
    expect(rows[0].company_id).not.toBeNull();
    const activities = (await owner.client.get('/api/activities')).json();
    expect(activities[0]).toMatchObject({
      type: 'contact_added',
      description: 'Imported leads.csv: 2 new contacts',
    });
  });

  it('splits a Name column and maps lower-case and underscore headers', async () => {
    const owner = await signUpOwner(t.app);
    const csv =
      'full_name,email address,mobile,source\nJane van der Berg,jane@example.com,415-555-0199,Unknown\nDoe, John,,\n';
    const { status } = await importAndWait(owner.client, csv);
    expect(status).toMatchObject({ status: 'completed', successful_imports: 1, failed_imports: 1 });
    expect(await contactsOf(owner)).toEqual([
      expect.objectContaining({ first_name: 'Jane', last_name: 'van der Berg', phone: '+14155550199' }),
    ]);
  });

  it('merges rows about the same email within the file and with existing contacts, never duplicating', async () => {
    const owner = await signUpOwner(t.app);
    await importAndWait(
      owner.client,
      'email,first name,company,value\nsam@example.com,Sam,,\nkim@example.com,,Kim Co,\n',
    );
    const csv =
      'Email,First Name,Last Name,Company,Value,Status\n' +
      'SAM@EXAMPLE.COM,Samuel,Smith,Sam Corp,10,customer\n' + // existing: fills last name, company, value; keeps 'Sam' and status
      'kim@example.com,Kimberly,,Other Co,\n' + // existing: fills first name only
      'new@example.com,,,,\n' +
      'New@Example.com,Nia,Nolan,,5\n'; // same person as the row above: fills its blanks
    const { status } = await importAndWait(owner.client, csv);
    expect(status).toMatchObject({
      status: 'completed',
      processed_rows: 4,
      successful_imports: 4,
      failed_imports: 0,
      created_contacts: 1,
      updated_contacts: 3, // sam@ and kim@ existed; the second new@ row merged into the first
    });
    const rows = await contactsOf(owner);
    expect(rows).toHaveLength(3);
    expect(rows).toEqual([
      expect.objectContaining({
        email: 'sam@example.com',
        first_name: 'Sam',
        last_name: 'Smith',
        company: 'Sam Corp',
        value_cents: 1000,
        status: 'lead',
      }),
      expect.objectContaining({ email: 'kim@example.com', first_name: 'Kimberly', company: 'Kim Co' }),
      expect.objectContaining({
        email: 'new@example.com',
        first_name: 'Nia',
        last_name: 'Nolan',
        value_cents: 500,
      }),
    ]);
    // The same file again changes nothing and adds nobody.
    const again = await importAndWait(owner.client, csv);
    expect(again.status).toMatchObject({ created_contacts: 0, updated_contacts: 4, failed_imports: 0 });
    expect(await contactsOf(owner)).toEqual(rows);
  });

  it('reports bad rows with their reasons in the error CSV and imports the good ones', async () => {
    const owner = await signUpOwner(t.app);
    const csv =
      'Name,Email,Phone,Status,Value\n' +
      'Good One,good@example.com,,lead,\n' +
      'Bad Email,not-an-email,,,\n' +
      'Bad Phone,bp@example.com,12,,\n' +
      'Bad Status,bs@example.com,,maybe,\n' +
      'Bad Value,bv@example.com,,,ten dollars\n' +
      'No Contact,,,,\n' +
      'Phone Clash,pc@example.com,(415) 555-0111,,\n' +
      'Phone Clash Two,pc2@example.com,415 555 0111,,\n';
    const { started, status } = await importAndWait(owner.client, csv, 'mixed.csv');
    expect(status).toMatchObject({
      status: 'completed',
      total_rows: 8,
      processed_rows: 8,
      successful_imports: 2,
      failed_imports: 6,
    });
    expect((await contactsOf(owner)).map((c) => c.email)).toEqual(['good@example.com', 'pc@example.com']);

    const viewer = await addMember(t.app, owner, 'viewer');
    const report = await viewer.client.get(`/api/contacts/import-status/${started.jobId}/errors.csv`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.headers['content-disposition']).toContain('mixed-errors.csv');
    const lines = report.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Row,Line,Reason,Name,Email,Phone,Status,Value');
    expect(lines.slice(1)).toEqual([
      '2,3,"Email ""not-an-email"" is not a valid email address",Bad Email,not-an-email,,,',
      '3,4,"Phone ""12"" is not a valid phone number",Bad Phone,bp@example.com,12,,',
      '4,5,"Status ""maybe"" must be lead, qualified, customer or lost",Bad Status,bs@example.com,,maybe,',
      '5,6,"Value ""ten dollars"" is not an amount in dollars",Bad Value,bv@example.com,,,ten dollars',
      '6,7,Needs an email address or a phone number (they keep re-imports from duplicating contacts),No Contact,,,,',
      '8,9,"Phone +14155550111 is already on row 7, which has a different email",Phone Clash Two,pc2@example.com,415 555 0111,,',
    ]);
  });

  it('refuses an import that would pass the Starter plan limit, writing nothing', async () => {
    const owner = await signUpOwner(t.app, { plan: 'starter' });
    const rows = Array.from({ length: 1001 }, (_, i) => `person${i}@example.com,Person ${i}`);
    const { status } = await importAndWait(owner.client, `email,name\n${rows.join('\n')}\n`);
    expect(status.status).toBe('failed');
    expect(status.error_message).toMatch(/Starter plan allows up to 1,000 contacts/);
    // Beside the English line, its catalogued message: each reader's client shows it in their language.
    expect(status.error_message_ref).toEqual({
      id: 'contacts.planLimitExceeded',
      values: { plan: 'Starter', limit: '1,000', total: '0', adding: '1,001', room: '1,000' },
    });
    expect(status.processed_rows).toBe(0);
    expect(await contactsOf(owner)).toHaveLength(0);
    // Rows that are duplicates of each other count once: 1,000 distinct people fit.
    const fits = [...rows.slice(0, 1000), 'PERSON0@example.com,Person Zero'];
    const ok = await importAndWait(owner.client, `email,name\n${fits.join('\n')}\n`);
    expect(ok.status).toMatchObject({ status: 'completed', created_contacts: 1000, processed_rows: 1001 });
  });

  it('fails on an unexpected error with the generic catalogued line, never the error’s own text', async () => {
    const owner = await signUpOwner(t.app);
    // A real database error inside every run of this workspace's import (pg-boss retries it, then it fails).
    await withFailingInserts(t.ownerUrl, 'contacts', owner.workspaceId, async () => {
      const { status } = await importAndWait(owner.client, 'email,name\nboom@example.com,Boom\n');
      expect(status).toMatchObject({
        status: 'failed',
        error_message:
          'The import stopped because of an error on our side. Rows imported so far are kept; please try the rest again.',
        error_message_ref: { id: 'imports.stoppedOnOurSide', values: {} },
      });
      expect(JSON.stringify(status)).not.toContain(internalDetail);
    });
  });

  it('refuses bad files at once with a clear message and creates no job', async () => {
    const owner = await signUpOwner(t.app);
    const cases: [string, string, RegExp][] = [
      ['email,name\n', 'header-only.csv', /no data rows/],
      ['', 'empty.csv', /empty/],
      ['email\nx@example.com\n', 'contacts.xlsx', /Please select a CSV file/],
      // A NUL cannot even reach the import: the input guard refuses it in any JSON string.
      ['\u0000\u0001PK binary', 'fake.csv', /csvData: must not contain NUL/],
      [
        'first name,company\nAda,Engines\n',
        'names.csv',
        /No email or phone column found \(columns in the file: first name, company\)/,
      ],
    ];
    for (const [csvData, filename, message] of cases) {
      const res = await startImport(owner.client, csvData, filename);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const noName = await owner.client.post('/api/contacts/import-csv', { csvData: 'email\n' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().issues[0].path).toBe('filename');
    expect(await countJobs(owner)).toBe(0);
  });

  it('answers 403 to a viewer and writes nothing', async () => {
    const owner = await signUpOwner(t.app);
    const viewer = await addMember(t.app, owner, 'viewer');
    const res = await startImport(viewer.client, 'email\nv@example.com\n');
    expect(res.statusCode).toBe(403);
    const multi = await upload(viewer.client, 'v.csv', 'email\nv@example.com\n');
    expect(multi.statusCode).toBe(403);
    const signedOut = await startImport(new ApiClient(t.app), 'email\nv@example.com\n');
    expect(signedOut.statusCode).toBe(401);
    expect(await countJobs(owner)).toBe(0);
  });
});

describe('POST /api/contacts/import-csv/upload (multipart)', () => {
  it('streams the file in and imports it', async () => {
    const owner = await signUpOwner(t.app);
    const rows = Array.from({ length: 2500 }, (_, i) => `Up${i},Loader,up${i}@example.com,Co ${i % 7}`);
    const res = await upload(
      owner.client,
      'big.csv',
      `First Name,Last Name,Email,Company\n${rows.join('\n')}\n`,
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ totalRows: 2500, filename: 'big.csv' });
    expect(res.json().preview).toHaveLength(5);
    const status = await waitForImport(owner.client, res.json().jobId);
    expect(status).toMatchObject({ status: 'completed', created_contacts: 2500, successful_imports: 2500 });
    const companies = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from companies`),
    );
    expect(companies.rows[0].n).toBe(7);
  });

  it('merges across batches written side by side: a later batch sees what the one before it wrote', async () => {
    const owner = await signUpOwner(t.app, { plan: 'enterprise' });
    const existing = await owner.client.post('/api/contacts', {
      firstName: 'Carry',
      lastName: 'Over',
      email: 'carry@example.com',
    });
    expect(existing.statusCode, existing.body).toBe(201);
    // 25,000 rows are three batches. Batch 1 gives the existing contact a phone and creates
    // dup@; batch 2 has a row with only that phone and a row with dup@ in other case. Batch 1
    // also creates a company that batches 2 and 3 name again.
    const rows = Array.from({ length: 25_000 }, (_, i) => `Gen${i},Row,gen${i}@example.com,,`);
    rows[5] = 'Carry,Over,carry@example.com,+1 212 664 7665,';
    rows[9_000] = 'Dee,Up,dup@example.com,,';
    rows[9_500] = 'Ann,Acme,ann@acme.example,,Acme Rockets';
    rows[10_005] = 'Phone,Only,,+1 (212) 664-7665,';
    rows[12_000] = 'Dee,Up,DUP@example.com,,';
    rows[15_000] = 'Bob,Acme,bob@acme.example,,acme rockets';
    rows[22_000] = 'Cy,Acme,cy@acme.example,,ACME ROCKETS';
    const res = await upload(
      owner.client,
      'batches.csv',
      `First Name,Last Name,Email,Phone,Company\n${rows.join('\n')}\n`,
    );
    expect(res.statusCode, res.body).toBe(202);
    const status = await waitForImport(owner.client, res.json().jobId);
    expect(status).toMatchObject({
      status: 'completed',
      processed_rows: 25_000,
      failed_imports: 0,
      created_contacts: 24_997,
      updated_contacts: 3,
    });
    const found = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute<{ email: string; phone: string | null; n: number }>(sql`
        select email::text, phone, count(*) over ()::int as n from contacts
        where phone = '+12126647665' or email = 'dup@example.com' order by email`),
    );
    expect(found.rows).toEqual([
      { email: 'carry@example.com', phone: '+12126647665', n: 2 },
      { email: 'dup@example.com', phone: null, n: 2 },
    ]);
    const acme = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute<{ name: string; linked: number }>(sql`
        select c.name, (select count(*) from contacts k where k.company_id = c.id)::int as linked
        from companies c where lower(c.name) = 'acme rockets'`),
    );
    expect(acme.rows).toEqual([{ name: 'Acme Rockets', linked: 3 }]);
    // Right the first time: no batch failed on a duplicate and had to be retried.
    const job = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute<{ attempts: number }>(sql`select attempts from import_jobs where id = ${res.json().jobId}`),
    );
    expect(job.rows[0].attempts).toBe(1);
  });

  it('refuses a non-CSV file and a request without a file', async () => {
    const owner = await signUpOwner(t.app);
    const res = await upload(owner.client, 'photo.png', 'not a csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Please select a CSV file/);
    const empty = await owner.client.app.inject({
      method: 'POST',
      url: '/api/contacts/import-csv/upload',
      headers: {
        host: 'localhost',
        origin: 'http://localhost',
        cookie: owner.client.cookie,
        'content-type': 'multipart/form-data; boundary=----hubtest',
      },
      payload: '------hubtest--\r\n',
    });
    expect(empty.statusCode).toBe(400);
    expect(await countJobs(owner)).toBe(0);
  });
});

describe('GET /api/contacts/import-status/:jobId', () => {
  it("answers 404 for another workspace's job and its error report", async () => {
    const owner = await signUpOwner(t.app);
    const other = await signUpOwner(t.app);
    const { started } = await importAndWait(owner.client, 'email\nx@example.com\n');
    expect((await other.client.get(`/api/contacts/import-status/${started.jobId}`)).statusCode).toBe(404);
    expect(
      (await other.client.get(`/api/contacts/import-status/${started.jobId}/errors.csv`)).statusCode,
    ).toBe(404);
    const bad = await owner.client.get('/api/contacts/import-status/abc');
    expect(bad.statusCode).toBe(400);
  });
});

describe('upload size limit (IMPORT_MAX_BYTES)', () => {
  const limit = 4096;
  const small = useTestApp({ workers: true, env: { IMPORT_MAX_BYTES: String(limit) } });

  /** A CSV of exactly `bytes` bytes whose last row's notes fill it up to the end. */
  function csvOfSize(bytes: number): string {
    const head = `email,notes\n${Array.from({ length: 20 }, (_, i) => `s${i}@example.com,row ${i}`).join('\n')}\nlast@example.com,`;
    return `${head}${'n'.repeat(bytes - Buffer.byteLength(head) - 1)}\n`;
  }

  async function chunksOf(owner: SignedUp): Promise<number> {
    return small.database.withWorkspace(owner.workspaceId, async (tx) => {
      const { rows } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from import_file_chunks`,
      );
      return rows[0].n;
    });
  }

  it('takes a file of exactly the limit whole, and refuses one byte more with a clear 400, storing nothing', async () => {
    const owner = await signUpOwner(small.app);
    const exact = csvOfSize(limit);
    expect(Buffer.byteLength(exact)).toBe(limit);
    const ok = await upload(owner.client, 'exact.csv', exact);
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json().totalRows).toBe(21);
    const status = await waitForImport(owner.client, ok.json().jobId);
    expect(status).toMatchObject({ status: 'completed', created_contacts: 21, failed_imports: 0 });
    const notes = await small.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.execute<{ n: number }>(
        sql`select length(notes)::int as n from contacts where email = 'last@example.com'`,
      ),
    );
    expect(notes.rows[0].n).toBe(limit - Buffer.byteLength(exact.slice(0, exact.lastIndexOf(',') + 1)) - 1);

    const jobsBefore = await countJobsIn(small, owner);
    for (const size of [limit + 1, limit * 3 + 17]) {
      const over = await upload(owner.client, 'over.csv', csvOfSize(size));
      expect(over.statusCode, over.body).toBe(400);
      expect(over.json()).toMatchObject({
        message:
          'file: The file is larger than 4,096 bytes, the most one import takes. Split it into smaller files.',
        messageId: 'imports.tooLarge',
        values: { size: '4,096 bytes' },
        issues: [{ path: 'file' }],
      });
    }
    expect(await countJobsIn(small, owner)).toBe(jobsBefore);
    expect(await chunksOf(owner)).toBe(0);
  });

  it('applies the same limit to the JSON route', async () => {
    const owner = await signUpOwner(small.app);
    const ok = await startImport(owner.client, csvOfSize(limit));
    expect(ok.statusCode, ok.body).toBe(202);
    await waitForImport(owner.client, ok.json().jobId);
    const over = await startImport(owner.client, csvOfSize(limit + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/larger than 4,096 bytes/);
    expect(await countJobsIn(small, owner)).toBe(1);
  });
});

async function countJobsIn(app: TestApp, owner: SignedUp): Promise<number> {
  return app.database.withWorkspace(owner.workspaceId, async (tx) => {
    const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from import_jobs`);
    return rows[0].n;
  });
}

describe('hostile and unusual uploads', () => {
  const post = (owner: SignedUp, contentType: string, payload: string | Buffer) =>
    owner.client.app.inject({
      method: 'POST',
      url: '/api/contacts/import-csv/upload',
      headers: {
        host: 'localhost',
        origin: 'http://localhost',
        cookie: owner.client.cookie,
        'content-type': contentType,
      },
      payload,
    });

  it('answers 400, never 500, to a multipart body without a boundary or cut short', async () => {
    const owner = await signUpOwner(t.app);
    const noBoundary = await post(
      owner,
      'multipart/form-data',
      multipartBody('a.csv', 'email\na@example.com\n'),
    );
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    expect(noBoundary.json().issues[0].path).toBe('file');
    const cutShort = await post(
      owner,
      'multipart/form-data; boundary=----hubtest',
      multipartBody('a.csv', 'email\na@example.com\n'.repeat(50)).subarray(0, 400),
    );
    expect(cutShort.statusCode, cutShort.body).toBe(400);
    const garbage = await post(owner, 'multipart/form-data; boundary=----hubtest', 'not multipart at all');
    expect(garbage.statusCode, garbage.body).toBe(400);
    expect(await countJobs(owner)).toBe(0);
  });

  it('imports a UTF-16 LE file (BOM) through the upload and the job', async () => {
    const owner = await signUpOwner(t.app);
    const csv =
      '\uFEFFFirst Name,Last Name,Email\r\nZoë,Ørsted,zoe@example.com\r\n李,小龙,li@example.com\r\n';
    const res = await upload(owner.client, 'unicode.csv', Buffer.from(csv, 'utf16le'));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      totalRows: 2,
      preview: [
        { firstName: 'Zoë', lastName: 'Ørsted', email: 'zoe@example.com' },
        { firstName: '李', lastName: '小龙', email: 'li@example.com' },
      ],
    });
    const status = await waitForImport(owner.client, res.json().jobId);
    expect(status).toMatchObject({ status: 'completed', created_contacts: 2, failed_imports: 0 });
    expect((await contactsOf(owner)).map((c) => [c.first_name, c.last_name, c.email])).toEqual([
      ['Zoë', 'Ørsted', 'zoe@example.com'],
      ['李', '小龙', 'li@example.com'],
    ]);
  });

  it('names the error report after a non-Latin-1 file and neutralises formulas in it', async () => {
    const owner = await signUpOwner(t.app);
    const csv =
      'Name,Email,Company\n' +
      '=HYPERLINK("http://evil.example"),bad-1,+SUM(A1)\n' +
      '-2+3,bad-2,@cmd\n' +
      'Fine,fine@example.com,Co\n';
    const res = await upload(owner.client, 'контакты.csv', csv);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().filename).toBe('контакты.csv');
    await waitForImport(owner.client, res.json().jobId);
    const report = await owner.client.get(`/api/contacts/import-status/${res.json().jobId}/errors.csv`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.headers['content-disposition']).toBe(
      `attachment; filename="________-errors.csv"; filename*=UTF-8''${encodeURIComponent('контакты-errors.csv')}`,
    );
    const lines = report.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines.slice(1)).toEqual([
      `1,2,"Email ""bad-1"" is not a valid email address","'=HYPERLINK(""http://evil.example"")",bad-1,'+SUM(A1)`,
      `2,3,"Email ""bad-2"" is not a valid email address",'-2+3,bad-2,'@cmd`,
    ]);
  });
});

describe('encodings and delimiters of spreadsheet exports', () => {
  /** Uploads `bytes`, waits for the job, and answers the status with the stored contacts' names and emails. */
  async function importBytes(bytes: Buffer, filename = 'export.csv') {
    const owner = await signUpOwner(t.app);
    const res = await upload(owner.client, filename, bytes);
    expect(res.statusCode, res.body).toBe(202);
    const status = await waitForImport(owner.client, res.json().jobId);
    const contacts = (await contactsOf(owner)).map((c) => [c.first_name, c.last_name, c.email, c.city]);
    return { owner, started: res.json(), status, contacts };
  }

  it('reads a Latin-1 file (no BOM, not UTF-8) without storing a replacement character', async () => {
    const csv = 'First Name,Last Name,Email,City\nJosé,Müller,jose@example.com,Zürich\n';
    const { started, status, contacts } = await importBytes(Buffer.from(csv, 'latin1'));
    expect(started.preview[0]).toMatchObject({ firstName: 'José', lastName: 'Müller' });
    expect(status).toMatchObject({ status: 'completed', created_contacts: 1, failed_imports: 0 });
    expect(contacts).toEqual([['José', 'Müller', 'jose@example.com', 'Zürich']]);
  });

  it('reads a Windows-1252 file with curly quotes and the euro sign', async () => {
    // “Bob” and € are 0x93 0x94 0x80 in Windows-1252: C1 controls if read as Latin-1, U+FFFD as UTF-8.
    const bytes = Buffer.concat([
      Buffer.from('Name,Email,City\n'),
      Buffer.from([0x93, ...Buffer.from('Bob'), 0x94, 0x20, ...Buffer.from('Dupr'), 0xe9]),
      Buffer.from(',bob@example.com,'),
      Buffer.from([0x80, ...Buffer.from('-ville')]),
      Buffer.from('\n'),
    ]);
    const { status, contacts } = await importBytes(bytes);
    expect(status).toMatchObject({ status: 'completed', created_contacts: 1, failed_imports: 0 });
    expect(contacts).toEqual([['“Bob”', 'Dupré', 'bob@example.com', '€-ville']]);
  });

  it('reads Excel "Unicode text": UTF-16 LE with a BOM, tab-separated', async () => {
    const text =
      '\uFEFFFirst Name\tLast Name\tEmail\tCity\r\nZoë\tØrsted\tzoe@example.com\tKøbenhavn, DK\r\n';
    const { started, status, contacts } = await importBytes(Buffer.from(text, 'utf16le'));
    expect(started).toMatchObject({ totalRows: 1, ignoredColumns: [] });
    expect(status).toMatchObject({ status: 'completed', created_contacts: 1, failed_imports: 0 });
    expect(contacts).toEqual([['Zoë', 'Ørsted', 'zoe@example.com', 'København, DK']]);
  });

  it('reads a semicolon-separated file, commas inside fields left alone', async () => {
    const csv = 'First Name;Last Name;E-Mail;City\r\nAnna;Schmidt;anna@example.com;Berlin, Mitte\r\n';
    const { status, contacts } = await importBytes(Buffer.from(csv));
    expect(status).toMatchObject({ status: 'completed', created_contacts: 1, failed_imports: 0 });
    expect(contacts).toEqual([['Anna', 'Schmidt', 'anna@example.com', 'Berlin, Mitte']]);
  });

  it("honours Excel's sep= first line, skipped and still counted in line numbers", async () => {
    const csv = 'sep=;\r\nName;Email;City\r\nEva Lind;eva@example.com;Oslo, Norway\r\nBad;not-an-email;X\r\n';
    const { owner, started, status, contacts } = await importBytes(Buffer.from(csv));
    expect(started.totalRows).toBe(2);
    expect(status).toMatchObject({ status: 'completed', created_contacts: 1, failed_imports: 1 });
    expect(contacts).toEqual([['Eva', 'Lind', 'eva@example.com', 'Oslo, Norway']]);
    const report = await owner.client.get(`/api/contacts/import-status/${started.jobId}/errors.csv`);
    const lines = report.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Row,Line,Reason,Name,Email,City');
    expect(lines[1]).toMatch(/^2,4,"Email ""not-an-email""/);
  });

  it('reads a pipe-separated file', async () => {
    const csv = 'name|email|city\nPat Doe|pat@example.com|Austin, TX\n';
    const { status, contacts } = await importBytes(Buffer.from(csv));
    expect(status).toMatchObject({ status: 'completed', created_contacts: 1, failed_imports: 0 });
    expect(contacts).toEqual([['Pat', 'Doe', 'pat@example.com', 'Austin, TX']]);
  });

  it('fails a row whose bytes cannot be decoded, with a reason, and stores no replacement character', async () => {
    // Valid UTF-8 at the start (so the file is read as UTF-8), then a cut two-byte sequence.
    const bytes = Buffer.concat([
      Buffer.from('name,email\nZoë Saldaña,zoe@example.com\nBro'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('ken,broken@example.com\n'),
    ]);
    const { owner, started, status, contacts } = await importBytes(bytes);
    expect(status).toMatchObject({
      status: 'completed',
      successful_imports: 1,
      failed_imports: 1,
      created_contacts: 1,
    });
    expect(contacts).toEqual([['Zoë', 'Saldaña', 'zoe@example.com', null]]);
    const report = await owner.client.get(`/api/contacts/import-status/${started.jobId}/errors.csv`);
    expect(report.body).toContain("not valid text in the file's encoding");
  });

  it('counts a row merged into an earlier row of the same file as an update', async () => {
    const csv = 'email,first name,last name\ndup@example.com,Dana,\nDUP@example.com,,Upton\n';
    const { status, contacts } = await importBytes(Buffer.from(csv));
    expect(status).toMatchObject({
      status: 'completed',
      successful_imports: 2,
      failed_imports: 0,
      created_contacts: 1,
      updated_contacts: 1,
    });
    expect(contacts).toEqual([['Dana', 'Upton', 'dup@example.com', null]]);
  });
});

describe('identity look-ups of the import', () => {
  it('use the unique (workspace_id, email) and (workspace_id, phone) indexes in a workspace the statistics do not know', async () => {
    const { default: pg } = await import('pg');
    const ownerDb = new pg.Client({ connectionString: t.ownerUrl });
    await ownerDb.connect();
    try {
      const big = await signUpOwner(t.app, { plan: 'enterprise' });
      await ownerDb.query(
        `insert into contacts (workspace_id, first_name, email, phone, status)
         select $1, 'P' || g, 'p' || g || '@big.example', '+1202555' || lpad(g::text, 4, '0'), 'lead'
         from generate_series(1, 3000) g`,
        [big.workspaceId],
      );
      await ownerDb.query('analyze contacts');
    } finally {
      await ownerDb.end();
    }
    // Created after ANALYZE: the planner's statistics say this workspace has no contacts.
    const fresh = await signUpOwner(t.app);
    const indexOf = async (condition: string) => {
      const { rows } = await t.database.withWorkspace(fresh.workspaceId, (tx) =>
        tx.execute<{ 'QUERY PLAN': unknown }>(
          sql.raw(`explain (format json) select id from contact_identities_in_workspace where ${condition}`),
        ),
      );
      const plan = JSON.stringify(rows[0]['QUERY PLAN']);
      return {
        index: /"Index Name":"([^"]+)"/.exec(plan)?.[1],
        cond: /"Index Cond":"([^"]+)"/.exec(plan)?.[1],
      };
    };
    const byEmail = await indexOf(`email = 'p7@big.example'::citext`);
    expect(byEmail.index).toBe('contacts_email_uq');
    expect(byEmail.cond).toMatch(/workspace_id = .*email = /);
    const byPhone = await indexOf(`phone = '+12025550007'`);
    expect(byPhone.index).toBe('contacts_phone_uq');
    expect(byPhone.cond).toMatch(/workspace_id = .*phone = /);
  });
});
