import { createHash } from 'node:crypto';
import type { DuplicateSuggestion } from '@domain/duplicates/duplicate-schemas';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApp } from '../../../../test/app-receiver.js';
import { comparableRows } from '../../../../test/table-rows.js';
import { addMember, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';
import { contactReferences, unhandledReferences } from './references.js';
import { runScan } from './service.js';
import { contactForeignKeys, expireMergesEverywhere } from './store.js';

// Its own database: the scan's jobs and the catalog checks are this file's alone.
const t = useTestApp({ ownDatabase: true });
let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});

type Client = SignedUp['client'];

async function contact(client: Client, body: Record<string, unknown>): Promise<number> {
  const res = await client.post('/api/contacts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Requests a scan and runs its job here (the file runs no workers). */
async function scan(owner: SignedUp): Promise<DuplicateSuggestion[]> {
  const res = await owner.client.post('/api/duplicates/scans', {});
  expect(res.statusCode, res.body).toBe(202);
  await runScan(t.app.deps, { workspaceId: owner.workspaceId, scanId: res.json().id });
  const latest = (await owner.client.get('/api/duplicates/scans/latest')).json().scan;
  expect(latest).toMatchObject({ id: res.json().id, status: 'done', progress: 100 });
  const list = await owner.client.get('/api/duplicates/suggestions?limit=200');
  expect(list.statusCode, list.body).toBe(200);
  return list.json().suggestions;
}

const pairKey = (ids: number[]) => [...ids].sort((a, b) => a - b).join('-');

/** Every table of the workspace as ordered text, hashed: equal hashes, equal rows (ids and fields). */
async function workspaceHashes(workspaceId: number): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(`
    select c.relname as name from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'workspace_id'
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
      and c.relname not in ('contact_merges', 'ops_events', 'ops_deliveries', 'duplicate_scans')
    order by 1`);
  const hashes: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ dump: string | null }>(
      `select string_agg(t::text, E'\\n' order by t::text) as dump from ${comparableRows(name)} t where workspace_id = $1`,
      [workspaceId],
    );
    hashes[name] = createHash('sha256')
      .update(rows[0].dump ?? '')
      .digest('hex');
  }
  return hashes;
}

describe('duplicate suggestions', () => {
  let owner: SignedUp;
  const planted = new Map<string, string>();
  beforeAll(async () => {
    owner = await signUpOwner(t.app, { businessName: 'Dedupe Inc' });
    const c = (body: Record<string, unknown>) => contact(owner.client, body);
    // Planted duplicates, each with the reason it should be found by.
    planted.set(
      pairKey([
        await c({ firstName: 'John', lastName: 'Smith', email: 'john.smith@acme.com' }),
        await c({ firstName: 'Johnny', lastName: 'Smith', email: 'John.Smith+crm@acme.com' }),
      ]),
      'email',
    );
    planted.set(
      pairKey([
        await c({ firstName: 'Maria', lastName: 'Garcia', email: 'maria.garcia@gmail.com' }),
        await c({ firstName: 'M', lastName: 'G', email: 'mariagarcia@googlemail.com' }),
      ]),
      'email',
    );
    planted.set(
      pairKey([
        await c({ firstName: 'Lee', lastName: 'Wong', phone: '+1 512 555 0100' }),
        await c({ firstName: 'L.', lastName: 'Wong', phone: '+52 512 555 0100' }),
      ]),
      'phone',
    );
    planted.set(
      pairKey([
        await c({ firstName: 'Katherine', lastName: 'Johnson', email: 'kjohnson@initech.com' }),
        await c({ firstName: 'Katharine', lastName: 'Johnson', email: 'katharine.j@initech.com' }),
      ]),
      'nameDomain',
    );
    planted.set(
      pairKey([
        await c({ firstName: 'Robert', lastName: 'Brown', company: 'Globex Corporation' }),
        await c({ firstName: 'Robert', lastName: 'Browne', company: 'Globex Corporation Inc' }),
      ]),
      'nameCompany',
    );
    // Alike but different people: same company domain and surname, other names; same name, no company;
    // surnames two edits apart at alike companies; the same name at numbered branches.
    await c({ firstName: 'Anna', lastName: 'Smith', email: 'anna@acme.com' });
    await c({ firstName: 'Adam', lastName: 'Smith', email: 'adam@acme.com' });
    await c({ firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@gmail.com' });
    await c({ firstName: 'Ann', lastName: 'Lee', email: 'annlee77@yahoo.com' });
    await c({ firstName: 'Robert', lastName: 'Brown', company: 'Umbrella Health' });
    await c({ firstName: 'Ashley', lastName: 'James', company: 'Initrode Corporation' });
    await c({ firstName: 'Ashley', lastName: 'Jones', company: 'Initrode Corporation Inc' });
    // Same name at two branches: the names of the companies are 0.7 alike, their numbers differ.
    await c({ firstName: 'Nina', lastName: 'Park', company: 'Harbor Realty 1' });
    await c({ firstName: 'Nina', lastName: 'Park', company: 'Harbor Realty 26' });
  });

  it('finds exactly the planted duplicates, each with its reason', async () => {
    const suggestions = await scan(owner);
    const found = new Map(
      suggestions.map((s) => [pairKey(s.contacts.map((c) => c.id)), s.reasons.map((r) => r.kind)]),
    );
    expect([...found.keys()].sort()).toEqual([...planted.keys()].sort());
    for (const [pair, kind] of planted) expect(found.get(pair), pair).toContain(kind);
    const phone = suggestions.find((s) => s.reasons.some((r) => r.kind === 'phone'));
    expect(phone?.reasons).toContainEqual({ kind: 'phone', value: '+15125550100' });
    const byName = suggestions
      .flatMap((s) => s.reasons)
      .find((r) => r.kind === 'nameDomain' && r.domain === 'initech.com');
    expect((byName as { similarity: number }).similarity).toBeGreaterThan(0.6);
    expect(suggestions.every((s) => s.contacts.length === 2 && s.status === 'open')).toBe(true);
  });

  it('dismisses a pair for good, and a second scan keeps it dismissed', async () => {
    const [first] = await scan(owner);
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await viewer.client.post(`/api/duplicates/suggestions/${first.id}/dismiss`, {})).statusCode).toBe(
      403,
    );
    const res = await owner.client.post(`/api/duplicates/suggestions/${first.id}/dismiss`, {});
    expect(res.statusCode, res.body).toBe(204);
    const again = await scan(owner);
    expect(again.map((s) => s.id)).not.toContain(first.id);
    const dismissed = (await owner.client.get('/api/duplicates/suggestions?status=dismissed')).json();
    expect(dismissed.suggestions.map((s: { id: number }) => s.id)).toEqual([first.id]);
    expect((await owner.client.post('/api/duplicates/suggestions/999999999/dismiss', {})).statusCode).toBe(
      404,
    );
  });

  it('keeps workspaces apart', async () => {
    const other = await signUpOwner(t.app, { businessName: 'Elsewhere' });
    const list = (await other.client.get('/api/duplicates/suggestions')).json();
    expect(list).toEqual({ suggestions: [], total: 0 });
    const mine = await scan(owner);
    expect(
      (await other.client.post(`/api/duplicates/suggestions/${mine[0].id}/dismiss`, {})).statusCode,
    ).toBe(404);
    const merge = await other.client.post('/api/contacts/merge', {
      contactIds: mine[0].contacts.map((c) => c.id),
    });
    expect(merge.statusCode).toBe(400);
    expect(merge.json().issues.map((i: { path: string }) => i.path)).toContain('contactIds');
  });
});

describe('merge and undo', () => {
  let owner: SignedUp;
  beforeAll(async () => {
    owner = await signUpOwner(t.app, { businessName: 'Merge Works', plan: 'enterprise' });
  });

  it('handles every foreign key to contacts the catalog has', async () => {
    const catalog = await t.database.withPlatform((tx) => contactForeignKeys(tx));
    expect(unhandledReferences(catalog)).toEqual([]);
    expect(catalog.length).toBe(contactReferences.length);
  });

  it('merges with field choices, re-parents every row, and undo restores every table exactly', async () => {
    const older = await contact(owner.client, {
      firstName: 'Sam',
      lastName: 'Taylor',
      email: 'sam@taylor.io',
      tags: ['vip'],
      company: 'Taylor Co',
    });
    const newer = await contact(owner.client, {
      firstName: 'Samuel',
      lastName: 'Taylor',
      email: 'samuel.taylor@work.io',
      phone: '+1 415 555 0199',
      tags: ['newsletter'],
      notes: 'Met at the fair',
    });
    const bystander = await contact(owner.client, { firstName: 'Other', lastName: 'Person' });
    expect((await owner.client.post(`/api/contacts/${newer}/notes`, { body: 'Called' })).statusCode).toBe(
      201,
    );
    expect((await owner.client.post(`/api/contacts/${older}/notes`, { body: 'Emailed' })).statusCode).toBe(
      201,
    );
    const deal = await owner.client.post('/api/deals', {
      name: 'Big one',
      contactId: newer,
      stage: 'proposal',
    });
    expect(deal.statusCode, deal.body).toBe(201);
    const task = await owner.client.post('/api/tasks', { title: 'Follow up', contactId: newer });
    expect(task.statusCode, task.body).toBe(201);
    await db.query(
      `insert into geofence_alerts (workspace_id, user_id, contact_id, distance_miles, message) values ($1, $2, $3, 1.5, 'near')`,
      [owner.workspaceId, owner.userId, newer],
    );
    // Page views (a table without a primary key): two alike of the merged contact, one of the survivor
    // that differs from them by its contact only.
    const site = await owner.client.post('/api/websites', { name: 'Taylor site', domain: 'taylor.example' });
    expect(site.statusCode, site.body).toBe(201);
    await db.query(`select app_analytics_ensure_partition(now()::date)`);
    for (const contactId of [newer, newer, older])
      await db.query(
        `insert into analytics_events (workspace_id, website_id, occurred_at, visitor_id, name, path, device, contact_id)
         values ($1, $2, date_trunc('hour', now()), 7, 'pageview', '/pricing', 'desktop', $3)`,
        [owner.workspaceId, site.json().id, contactId],
      );
    await scan(owner);
    // A webhook endpoint whose trigger is contact.merged.
    const appId = await addApp(owner, 'Listener', 'http://127.0.0.1:9/listener');
    const endpoint = await owner.client.post('/api/webhook-endpoints', {
      appId,
      url: 'http://127.0.0.1:9/listener/hook',
      events: ['contact.merged'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);

    const member = await addMember(t.app, owner, 'member');
    const before = await workspaceHashes(owner.workspaceId);
    const res = await member.client.post('/api/contacts/merge', {
      contactIds: [newer, older],
      fields: { firstName: older, email: newer },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { merge, contact: survivor } = res.json();
    // The oldest stays; the chosen fields win; empty ones are filled from the other; tags are joined.
    expect(survivor).toMatchObject({
      id: older,
      firstName: 'Sam',
      email: 'samuel.taylor@work.io',
      phone: '+14155550199',
      notes: 'Met at the fair',
      company: 'Taylor Co',
    });
    expect([...survivor.tags].sort()).toEqual(['newsletter', 'vip']);
    expect(merge).toMatchObject({ survivorId: older, mergedIds: [newer], undoable: true });
    expect((await owner.client.get(`/api/contacts/${newer}`)).statusCode).toBe(404);
    for (const table of ['contact_timeline', 'deals', 'tasks', 'geofence_alerts', 'analytics_events']) {
      const { rows } = await db.query(
        `select contact_id from ${table} where workspace_id = $1 and contact_id = $2`,
        [owner.workspaceId, newer],
      );
      expect(rows, table).toEqual([]);
    }
    const detail = (await owner.client.get(`/api/contacts/${older}`)).json();
    expect(detail.timeline.map((e: { title: string; body: string }) => e.body)).toEqual(
      expect.arrayContaining(['Called', 'Emailed']),
    );
    const { rows: deals } = await db.query('select contact_id from deals where id = $1', [deal.json().id]);
    expect(deals).toEqual([{ contact_id: older }]);
    // One contact.merged event, stored for the webhook endpoints.
    const { rows: events } = await db.query(
      `select event_type, payload from ops_events where workspace_id = $1 and event_type = 'contact.merged'`,
      [owner.workspaceId],
    );
    expect(events).toEqual([
      {
        event_type: 'contact.merged',
        payload: { merge_id: merge.id, survivor_id: older, merged_ids: [newer] },
      },
    ]);
    const { rows: deliveries } = await db.query(
      `select endpoint_id, event_type, body from ops_deliveries where workspace_id = $1 and event_type = 'contact.merged'`,
      [owner.workspaceId],
    );
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].endpoint_id).toBe(endpoint.json().id);
    expect(JSON.parse(deliveries[0].body)).toMatchObject({
      type: 'contact.merged',
      data: { merge_id: merge.id, survivor_id: older, merged_ids: [newer] },
    });

    const undo = await member.client.post(`/api/duplicates/merges/${merge.id}/undo`, {});
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ id: merge.id, undoable: false });
    expect(undo.json().undoneAt).not.toBeNull();
    const after = await workspaceHashes(owner.workspaceId);
    expect(after).toEqual(before);
    expect((await owner.client.get(`/api/contacts/${bystander}`)).statusCode).toBe(200);
    const twice = await member.client.post(`/api/duplicates/merges/${merge.id}/undo`, {});
    expect(twice.statusCode).toBe(409);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const a = await contact(owner.client, { firstName: 'Bad', lastName: 'Input' });
    const b = await contact(owner.client, { firstName: 'Bad', lastName: 'Inputs' });
    const before = await workspaceHashes(owner.workspaceId);
    const cases: [unknown, string][] = [
      [{}, 'contactIds'],
      [{ contactIds: [a] }, 'contactIds'],
      [{ contactIds: [a, a] }, 'contactIds'],
      [{ contactIds: [a, 'b'] }, 'contactIds.1'],
      [{ contactIds: [a, b], survivorId: 1 }, 'survivorId'],
      [{ contactIds: [a, b], fields: { email: 1 } }, 'fields.email'],
      [{ contactIds: [a, b], fields: { shoeSize: a } }, 'fields'],
      [{ contactIds: [a, 999999999] }, 'contactIds'],
    ];
    for (const [body, field] of cases) {
      const res = await owner.client.post('/api/contacts/merge', body);
      expect(`${JSON.stringify(body)} ${res.statusCode}`).toBe(`${JSON.stringify(body)} 400`);
      const paths = res.json().issues?.map((i: { path: string }) => i.path) ?? [res.json().field];
      expect(paths.join(' '), res.body).toContain(field);
    }
    expect(await workspaceHashes(owner.workspaceId)).toEqual(before);
    const settings = await owner.client.put('/api/duplicates/settings', { mergeHistoryDays: 0 });
    expect(settings.statusCode).toBe(400);
    expect(settings.json().issues.map((i: { path: string }) => i.path)).toContain('mergeHistoryDays');
  });

  it('lets members merge and undo, viewers neither, and only admins set the history period', async () => {
    const viewer = await addMember(t.app, owner, 'viewer');
    const member = await addMember(t.app, owner, 'member');
    const admin = await addMember(t.app, owner, 'admin');
    const a = await contact(owner.client, { firstName: 'Role', lastName: 'One' });
    const b = await contact(owner.client, { firstName: 'Role', lastName: 'Two' });
    expect((await viewer.client.post('/api/contacts/merge', { contactIds: [a, b] })).statusCode).toBe(403);
    expect((await member.client.put('/api/duplicates/settings', { mergeHistoryDays: 7 })).statusCode).toBe(
      403,
    );
    const set = await admin.client.put('/api/duplicates/settings', { mergeHistoryDays: 7 });
    expect(set.statusCode, set.body).toBe(200);
    expect((await viewer.client.get('/api/duplicates/settings')).json()).toEqual({ mergeHistoryDays: 7 });
    const merged = await member.client.post('/api/contacts/merge', { contactIds: [a, b] });
    expect(merged.statusCode, merged.body).toBe(200);
    const { merge } = merged.json();
    const days = (Date.parse(merge.expiresAt) - Date.parse(merge.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    expect((await viewer.client.post(`/api/duplicates/merges/${merge.id}/undo`, {})).statusCode).toBe(403);
    const list = (await viewer.client.get('/api/duplicates/merges')).json().merges;
    expect(list[0]).toMatchObject({ id: merge.id, mergedNames: ['Role Two'], survivorName: 'Role Two' });
    const other = await signUpOwner(t.app, { businessName: 'Not Yours' });
    expect((await other.client.post(`/api/duplicates/merges/${merge.id}/undo`, {})).statusCode).toBe(404);
  });

  it('forgets snapshots past the history period: undo is then refused', async () => {
    const a = await contact(owner.client, { firstName: 'Old', lastName: 'One' });
    const b = await contact(owner.client, { firstName: 'Old', lastName: 'Two' });
    const { merge } = (await owner.client.post('/api/contacts/merge', { contactIds: [a, b] })).json();
    await db.query(`update contact_merges set expires_at = now() - interval '1 second' where id = $1`, [
      merge.id,
    ]);
    expect(await t.database.withPlatform((tx) => expireMergesEverywhere(tx))).toBeGreaterThanOrEqual(1);
    const undo = await owner.client.post(`/api/duplicates/merges/${merge.id}/undo`, {});
    expect(undo.statusCode).toBe(409);
    const { rows } = await db.query('select snapshot from contact_merges where id = $1', [merge.id]);
    expect(rows[0].snapshot).toBeNull();
  });

  it('undo gives back the suggestions a merge removed, every field as it was', async () => {
    // The same name at one company domain: its reason's similarity is the numeric 1.00, which must come
    // back as 1.00 (a snapshot read into JavaScript and written back brought 1 instead).
    const c = (body: Record<string, unknown>) => contact(owner.client, body);
    const first = await c({ firstName: 'Pat', lastName: 'Quinn', email: 'pat@quinnco.com' });
    const second = await c({ firstName: 'Pat', lastName: 'Quinn', email: 'pat.quinn@quinnco.com' });
    const third = await c({ firstName: 'Pat', lastName: 'Quin', email: 'pq@quinnco.com' });
    await scan(owner);
    const suggestionRows = async () =>
      (
        await db.query<{ row: string }>(
          `select s::text as row from duplicate_suggestions s
           where contact_a = any($1::bigint[]) or contact_b = any($1::bigint[]) order by id`,
          [[first, second, third]],
        )
      ).rows.map((r) => r.row);
    const before = await suggestionRows();
    expect(before).toHaveLength(3);
    expect(before.join('\n')).toContain('similarity"": 1.00');
    const dismissed = (await owner.client.get('/api/duplicates/suggestions?limit=200'))
      .json()
      .suggestions.find(
        (s: DuplicateSuggestion) => pairKey(s.contacts.map((x) => x.id)) === pairKey([second, third]),
      );
    expect(
      (await owner.client.post(`/api/duplicates/suggestions/${dismissed.id}/dismiss`, {})).statusCode,
    ).toBe(204);
    const withDismissed = await suggestionRows();
    const merged = await owner.client.post('/api/contacts/merge', { contactIds: [first, second] });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await suggestionRows()).toHaveLength(1);
    const undo = await owner.client.post(`/api/duplicates/merges/${merged.json().merge.id}/undo`, {});
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await suggestionRows()).toEqual(withDismissed);
  });
});
