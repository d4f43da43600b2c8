import { type Deal, dealBoardSchema, dealCardSchema } from '@domain/deals/deal-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  addMember,
  type SignedUp,
  signUpOwner,
  useTestApp,
} from '../../../../test/test-app.js';
import { seedDemoData } from '../../seed/demo-data.js';
import { createDeal, createDealsFromImport } from './service.js';

let owner: SignedUp;
let stranger: SignedUp;
let viewer: ApiClient;
let member: ApiClient;
const t = useTestApp();
beforeAll(async () => {
  owner = await signUpOwner(t.app, { businessName: 'Pipeline Co' });
  stranger = await signUpOwner(t.app, { businessName: 'Elsewhere Inc' });
  const site = await owner.client.post('/api/websites', { name: 'Speaker Site', domain: 'speaker.example' });
  if (site.statusCode !== 201) throw new Error(site.body);
  viewer = (await addMember(t.app, owner, 'viewer')).client;
  member = (await addMember(t.app, owner, 'member')).client;
});

let counter = 0;
async function newContact(client: ApiClient = owner.client, extra: Record<string, unknown> = {}) {
  counter += 1;
  const res = await client.post('/api/contacts', {
    firstName: 'Dana',
    lastName: `Deal${counter}`,
    email: `dana.${counter}.${Date.now()}@example.com`,
    company: `Acme ${counter}`,
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as { id: number; companyId: number; status: string };
}

async function newDeal(body: Record<string, unknown>, client: ApiClient = owner.client): Promise<Deal> {
  const res = await client.post('/api/deals', body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

const board = async (client: ApiClient, query = '') => (await client.get(`/api/deals/board${query}`)).json();
const column = (b: { columns: { stage: string }[] }, stage: string) =>
  b.columns.find((c) => c.stage === stage) as unknown as { count: number; valueCents: number; deals: Deal[] };

describe('creating and reading deals', () => {
  it('creates a deal linked to the contact and its company, owned by the caller', async () => {
    const contact = await newContact();
    const deal = await newDeal({
      name: 'Keynote',
      valueCents: 450_000,
      contactId: contact.id,
      stage: 'qualified',
    });
    expect(deal).toMatchObject({
      name: 'Keynote',
      valueCents: 450_000,
      currency: 'USD',
      stage: 'qualified',
      probability: 25,
      contactId: contact.id,
      contactName: `Dana Deal${counter}`,
      companyId: contact.companyId,
      companyName: `Acme ${counter}`,
      ownerId: owner.userId,
      closedAt: null,
    });
    const detail = (await owner.client.get(`/api/deals/${deal.id}`)).json();
    expect(detail.deal.id).toBe(deal.id);
    expect(detail.timeline.map((e: { kind: string }) => e.kind)).toEqual(['created']);
    const activities = (await owner.client.get('/api/activities')).json();
    expect(activities[0]).toMatchObject({
      type: 'deal_created',
      description: `New deal: Keynote (Dana Deal${counter})`,
    });
  });

  it('shows the contact’s current name: after the contact is renamed, and after the deal moves to another', async () => {
    const contact = await newContact();
    const deal = await newDeal({ name: 'Renamed', contactId: contact.id, stage: 'negotiation' });
    const shown = async () => ({
      deal: (await owner.client.get(`/api/deals/${deal.id}`)).json().deal.contactName,
      card: column(await board(owner.client), 'negotiation').deals.find((d) => d.id === deal.id)?.contactName,
    });
    expect((await owner.client.patch(`/api/contacts/${contact.id}`, { firstName: 'Riley' })).statusCode).toBe(
      200,
    );
    expect(await shown()).toEqual({ deal: `Riley Deal${counter}`, card: `Riley Deal${counter}` });
    // No name at all: the email stands for the contact, as everywhere else.
    await owner.client.patch(`/api/contacts/${contact.id}`, { firstName: '', lastName: '' });
    const email = (await owner.client.get(`/api/contacts/${contact.id}`)).json().contact.email;
    expect(await shown()).toEqual({ deal: email, card: email });
    const other = await newContact();
    expect((await owner.client.patch(`/api/deals/${deal.id}`, { contactId: other.id })).statusCode).toBe(200);
    expect(await shown()).toEqual({ deal: `Dana Deal${counter}`, card: `Dana Deal${counter}` });
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const contact = await newContact();
    const before = (await owner.client.get(`/api/deals?contactId=${contact.id}`)).json().deals.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ contactId: contact.id }, 'name'],
      [{ name: 'x', contactId: contact.id, valueCents: -1 }, 'valueCents'],
      [{ name: 'x', contactId: contact.id, valueCents: 1.5 }, 'valueCents'],
      [{ name: 'x', contactId: contact.id, stage: 'maybe' }, 'stage'],
      [{ name: 'x', contactId: contact.id, currency: 'dollars' }, 'currency'],
      [{ name: 'x', contactId: contact.id, expectedCloseDate: '2025-13-01' }, 'expectedCloseDate'],
      [{ name: 'x' }, 'contactId'],
      [{ name: 'x', contactId: 999_999_999 }, 'contactId'],
      [{ name: 'x', contactId: contact.id, ownerId: stranger.userId }, 'ownerId'],
      [{ name: 'x', contactId: contact.id, websiteId: 99 }, 'websiteId'],
      [{ name: 'x', contactId: contact.id, stage: 'won', lostReason: 'price' }, 'lostReason'],
    ];
    for (const [body, field] of cases) {
      const res = await owner.client.post('/api/deals', body);
      expect(`${field}: ${res.statusCode}`).toBe(`${field}: 400`);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect((await owner.client.get(`/api/deals?contactId=${contact.id}`)).json().deals.length).toBe(before);
    expect((await owner.client.get('/api/deals?closeMonth=2025-1')).statusCode).toBe(400);
    expect((await owner.client.get('/api/deals?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
    expect((await owner.client.get('/api/deals/abc')).statusCode).toBe(400);
  });

  it('never links a deal to another workspace’s contact, company or deal', async () => {
    const theirs = await newContact(stranger.client);
    const res = await owner.client.post('/api/deals', { name: 'Poach', contactId: theirs.id });
    expect(res.statusCode).toBe(400);
    const mine = await newContact();
    const bad = await owner.client.post('/api/deals', {
      name: 'x',
      contactId: mine.id,
      companyId: theirs.companyId,
    });
    expect(bad.statusCode).toBe(400);
    const deal = await newDeal({ name: 'Private', contactId: mine.id });
    expect((await stranger.client.get(`/api/deals/${deal.id}`)).statusCode).toBe(404);
    expect((await stranger.client.post(`/api/deals/${deal.id}/stage`, { stage: 'won' })).statusCode).toBe(
      404,
    );
    expect((await stranger.client.patch(`/api/deals/${deal.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await stranger.client.delete(`/api/deals/${deal.id}`)).statusCode).toBe(404);
    expect((await stranger.client.get('/api/deals')).json().deals).toEqual([]);
    expect((await owner.client.get(`/api/deals/${deal.id}`)).json().deal.name).toBe('Private');
  });

  it('lets viewers read but not write, and members write', async () => {
    const contact = await newContact();
    const deal = await newDeal({ name: 'Member deal', contactId: contact.id }, member);
    expect((await viewer.get(`/api/deals/${deal.id}`)).statusCode).toBe(200);
    expect((await viewer.get('/api/deals/board')).statusCode).toBe(200);
    expect((await viewer.post('/api/deals', { name: 'v', contactId: contact.id })).statusCode).toBe(403);
    expect((await viewer.post(`/api/deals/${deal.id}/stage`, { stage: 'proposal' })).statusCode).toBe(403);
    expect((await viewer.patch(`/api/deals/${deal.id}`, { name: 'v' })).statusCode).toBe(403);
    expect((await viewer.delete(`/api/deals/${deal.id}`)).statusCode).toBe(403);
    expect((await member.put('/api/deals/stages/proposal', { probability: 60 })).statusCode).toBe(403);
    expect((await owner.client.get(`/api/deals/${deal.id}`)).json().deal.stage).toBe('leads');
  });

  it('creates a new contact and its deal in one transaction (with-contact)', async () => {
    const email = `wes.${Date.now()}@example.com`;
    const res = await member.post('/api/deals/with-contact', {
      name: 'Walk-in order',
      valueCents: 12_500,
      stage: 'proposal',
      contact: { firstName: 'Wes', lastName: 'Walker', email },
    });
    expect(res.statusCode).toBe(201);
    const deal = res.json() as Deal;
    expect(deal).toMatchObject({ name: 'Walk-in order', stage: 'proposal', contactName: 'Wes Walker' });
    const contact = await owner.client.get(`/api/contacts/${deal.contactId}`);
    expect(contact.json().contact).toMatchObject({ firstName: 'Wes', lastName: 'Walker', email });
    const proposal = column(await board(owner.client), 'proposal');
    expect(proposal.deals.map((d) => d.id)).toContain(deal.id);

    // The same email again is the contact's 409, and no second deal is left behind.
    const again = await member.post('/api/deals/with-contact', {
      name: 'Walk-in order 2',
      contact: { firstName: 'Wes', email },
    });
    expect(again.statusCode).toBe(409);
    const deals = (await owner.client.get(`/api/deals?contactId=${deal.contactId}`)).json() as {
      deals: Deal[];
    };
    expect(deals.deals.map((d) => d.name)).toEqual(['Walk-in order']);

    const nameless = await member.post('/api/deals/with-contact', { name: 'x', contact: {} });
    expect(nameless.statusCode).toBe(400);
    const byViewer = await viewer.post('/api/deals/with-contact', {
      name: 'v',
      contact: { firstName: 'Vic' },
    });
    expect(byViewer.statusCode).toBe(403);
  });
});

describe('updating and deleting', () => {
  it('changes the fields present, records them, and refuses a stage change through PATCH', async () => {
    const contact = await newContact();
    const other = await newContact();
    const deal = await newDeal({ name: 'Workshop', contactId: contact.id, valueCents: 1000 });
    const res = await owner.client.patch(`/api/deals/${deal.id}`, {
      name: 'Workshop series',
      valueCents: 250_000,
      expectedCloseDate: '2030-05-20',
      contactId: other.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Workshop series',
      valueCents: 250_000,
      expectedCloseDate: '2030-05-20',
      contactId: other.id,
      companyId: other.companyId,
    });
    const timeline = (await owner.client.get(`/api/deals/${deal.id}`)).json().timeline;
    expect(timeline[0].title).toBe('Updated name, value, expected close date, contact, company');
    const staged = await owner.client.patch(`/api/deals/${deal.id}`, { stage: 'won' });
    expect(staged.statusCode).toBe(400);
    expect((await owner.client.get(`/api/deals/${deal.id}`)).json().deal.stage).toBe('leads');
    expect((await owner.client.patch(`/api/deals/${deal.id}`, { lostReason: 'x' })).statusCode).toBe(400);
    expect((await owner.client.patch('/api/deals/999999999', { name: 'x' })).statusCode).toBe(404);
  });

  it('deletes a deal (404 after), and deleting its contact deletes its deals', async () => {
    const contact = await newContact();
    const a = await newDeal({ name: 'A', contactId: contact.id, valueCents: 500 });
    const b = await newDeal({ name: 'B', contactId: contact.id, valueCents: 700 });
    const leadsBefore = column(await board(owner.client), 'leads');
    expect((await owner.client.delete(`/api/deals/${a.id}`)).statusCode).toBe(204);
    expect((await owner.client.delete(`/api/deals/${a.id}`)).statusCode).toBe(404);
    expect((await owner.client.post(`/api/deals/${a.id}/stage`, { stage: 'won' })).statusCode).toBe(404);
    expect((await owner.client.delete(`/api/contacts/${contact.id}`)).statusCode).toBe(204);
    expect((await owner.client.get(`/api/deals/${b.id}`)).statusCode).toBe(404);
    const leadsAfter = column(await board(owner.client), 'leads');
    expect(leadsAfter.count).toBe(leadsBefore.count - 2);
    expect(leadsAfter.valueCents).toBe(leadsBefore.valueCents - 1200);
  });
});

describe('stage rules', () => {
  it('moves a deal, records it on the timeline and as an activity, and moves the column totals', async () => {
    const contact = await newContact();
    const deal = await newDeal({
      name: 'Retainer',
      contactId: contact.id,
      valueCents: 90_000,
      stage: 'qualified',
    });
    const before = await board(owner.client);
    const res = await owner.client.post(`/api/deals/${deal.id}/stage`, { stage: 'proposal' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ stage: 'proposal', probability: 50, closedAt: null });
    const after = await board(owner.client);
    expect(column(after, 'qualified').count).toBe(column(before, 'qualified').count - 1);
    expect(column(after, 'qualified').valueCents).toBe(column(before, 'qualified').valueCents - 90_000);
    expect(column(after, 'proposal').count).toBe(column(before, 'proposal').count + 1);
    expect(column(after, 'proposal').valueCents).toBe(column(before, 'proposal').valueCents + 90_000);
    // The moved card is first in its new column.
    expect(column(after, 'proposal').deals[0].id).toBe(deal.id);
    const timeline = (await owner.client.get(`/api/deals/${deal.id}`)).json().timeline;
    expect(timeline[0]).toMatchObject({
      kind: 'stage_change',
      title: 'Moved from Qualified to Proposal',
      metadata: { message: { id: 'timeline.dealMoved', values: { from: 'qualified', to: 'proposal' } } },
    });
    const activities = (await owner.client.get('/api/activities')).json();
    expect(activities[0]).toMatchObject({
      type: 'deal_stage_changed',
      description: 'Retainer moved from Qualified to Proposal',
      // The reader's language comes from the message and its values, not from the English line.
      messageId: 'activity.dealMoved',
      values: { deal: 'Retainer', from: 'qualified', to: 'proposal' },
    });
  });

  it('stamps closing stages, keeps a lost reason only while lost, and reopens cleanly', async () => {
    const contact = await newContact();
    const deal = await newDeal({ name: 'Maybe', contactId: contact.id });
    expect(
      (await owner.client.post(`/api/deals/${deal.id}/stage`, { stage: 'proposal', lostReason: 'x' }))
        .statusCode,
    ).toBe(400);
    const lost = (
      await owner.client.post(`/api/deals/${deal.id}/stage`, { stage: 'lost', lostReason: 'Budget cut' })
    ).json();
    expect(lost).toMatchObject({ stage: 'lost', lostReason: 'Budget cut', probability: 0 });
    expect(lost.closedAt).not.toBeNull();
    const reopened = (
      await owner.client.post(`/api/deals/${deal.id}/stage`, { stage: 'negotiation' })
    ).json();
    expect(reopened).toMatchObject({ stage: 'negotiation', lostReason: null, closedAt: null });
    // Moving to the stage it is in changes nothing and records nothing.
    const again = await owner.client.post(`/api/deals/${deal.id}/stage`, { stage: 'negotiation' });
    expect(again.statusCode).toBe(200);
    const timeline = (await owner.client.get(`/api/deals/${deal.id}`)).json().timeline;
    expect(timeline.filter((e: { kind: string }) => e.kind === 'stage_change')).toHaveLength(2);
    expect((await owner.client.post(`/api/deals/${deal.id}/stage`, { stage: 'done' })).statusCode).toBe(400);
  });

  it('uses the workspace’s own stage probability once an admin sets it', async () => {
    expect((await owner.client.put('/api/deals/stages/proposal', { probability: 101 })).statusCode).toBe(400);
    const res = await owner.client.put('/api/deals/stages/proposal', { probability: 60 });
    expect(res.statusCode).toBe(200);
    expect(res.json().find((s: { stage: string }) => s.stage === 'proposal')).toEqual({
      stage: 'proposal',
      probability: 60,
      isDefault: false,
    });
    const contact = await newContact();
    const deal = await newDeal({ name: 'P', contactId: contact.id, stage: 'proposal' });
    expect(deal.probability).toBe(60);
    const card = column(await board(owner.client), 'proposal').deals.find((d) => d.id === deal.id);
    expect(card?.probability).toBe(60);
    expect(column(await board(owner.client), 'qualified').deals.every((d) => d.probability === 25)).toBe(
      true,
    );
    expect(
      (await stranger.client.get('/api/deals/stages'))
        .json()
        .find((s: { stage: string }) => s.stage === 'proposal').probability,
    ).toBe(50);
    await owner.client.put('/api/deals/stages/proposal', { probability: 50 });
  });
});

describe('the contact-status rule', () => {
  it('makes the contact a customer when its first deal is won, and never changes it afterwards', async () => {
    const contact = await newContact();
    const first = await newDeal({ name: 'First', contactId: contact.id, stage: 'negotiation' });
    const second = await newDeal({ name: 'Second', contactId: contact.id, stage: 'proposal' });
    expect((await owner.client.get(`/api/contacts/${contact.id}`)).json().contact.status).toBe('lead');
    await owner.client.post(`/api/deals/${first.id}/stage`, { stage: 'won' });
    const detail = (await owner.client.get(`/api/contacts/${contact.id}`)).json();
    expect(detail.contact.status).toBe('customer');
    expect(detail.timeline[0]).toMatchObject({
      kind: 'status_change',
      title: 'Status changed from Lead to Customer',
    });
    // The person sets the status from now on: a second win does not override it.
    await owner.client.patch(`/api/contacts/${contact.id}`, { status: 'lost' });
    await owner.client.post(`/api/deals/${second.id}/stage`, { stage: 'won' });
    expect((await owner.client.get(`/api/contacts/${contact.id}`)).json().contact.status).toBe('lost');
    // Leaving won does not demote the contact either.
    await owner.client.post(`/api/deals/${first.id}/stage`, { stage: 'lost' });
    expect((await owner.client.get(`/api/contacts/${contact.id}`)).json().contact.status).toBe('lost');
  });

  it('applies to a deal created won, and to a won deal moved out and back in (still the first win)', async () => {
    const contact = await newContact();
    await newDeal({ name: 'Signed', contactId: contact.id, stage: 'won' });
    expect((await owner.client.get(`/api/contacts/${contact.id}`)).json().contact.status).toBe('customer');
    const other = await newContact(owner.client, { status: 'qualified' });
    const deal = await newDeal({ name: 'Bounce', contactId: other.id, stage: 'won' });
    await owner.client.patch(`/api/contacts/${other.id}`, { status: 'qualified' });
    await owner.client.post(`/api/deals/${deal.id}/stage`, { stage: 'negotiation' });
    await owner.client.post(`/api/deals/${deal.id}/stage`, { stage: 'won' });
    expect((await owner.client.get(`/api/contacts/${other.id}`)).json().contact.status).toBe('customer');
  });
});

describe('lists, board and figures', () => {
  it('filters by stage, owner, website and close month, and pages by keyset without gaps', async () => {
    const fresh = await signUpOwner(t.app, { businessName: 'Paging Co' });
    const site = (await fresh.client.post('/api/websites', { name: 'Shop', domain: 'shop.example' })).json();
    const contact = await newContact(fresh.client);
    const created: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const deal = await newDeal(
        {
          name: `D${i}`,
          contactId: contact.id,
          stage: i % 2 ? 'proposal' : 'leads',
          websiteId: i < 3 ? site.id : null,
          expectedCloseDate: i < 2 ? '2031-02-14' : '2031-03-01',
        },
        fresh.client,
      );
      created.push(deal.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { deals: Deal[]; nextCursor: string | null } = (
        await fresh.client.get(`/api/deals?limit=3${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.deals.map((d) => d.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...created].reverse());
    const ids = async (q: string) =>
      (await fresh.client.get(`/api/deals?${q}`)).json().deals.map((d: Deal) => d.id);
    expect(await ids('stage=proposal')).toEqual([created[5], created[3], created[1]]);
    expect(await ids(`websiteId=${site.id}`)).toEqual([created[2], created[1], created[0]]);
    expect(await ids('closeMonth=2031-02')).toEqual([created[1], created[0]]);
    expect(await ids(`ownerId=${fresh.userId}`)).toHaveLength(7);
    expect(await ids(`ownerId=${owner.userId}`)).toEqual([]);
    const filtered = await board(fresh.client, '?closeMonth=2031-02');
    expect(column(filtered, 'leads').count).toBe(1);
    expect(column(filtered, 'proposal').count).toBe(1);
    const small = await board(fresh.client, '?limit=2');
    // The answer is exactly the contract: nothing missing, nothing more (parsing drops unknown keys).
    expect(dealBoardSchema.parse(small)).toEqual(small);
    expect(column(small, 'leads').deals).toHaveLength(2);
    expect(column(small, 'won')).toEqual({
      stage: 'won',
      count: 0,
      valueCents: 0,
      deals: [],
      nextCursor: null,
    });
    // A column has a next page only when it holds more deals than it shows (proposal: 3 deals).
    const three = await board(fresh.client, '?limit=3');
    expect(column(three, 'proposal').deals).toHaveLength(3);
    expect(three.columns.find((c: { stage: string }) => c.stage === 'proposal').nextCursor).toBeNull();
    expect(three.columns.find((c: { stage: string }) => c.stage === 'leads').nextCursor).toEqual(
      expect.any(String),
    );
    // A card is the deal without what a card never shows, and agrees with the deal's own answer.
    const [card] = column(small, 'leads').deals as Record<string, unknown>[];
    const { lostReason, notes, closedAt, createdAt, updatedAt, ...cardPart } = (
      await fresh.client.get(`/api/deals/${card.id}`)
    ).json().deal;
    expect(card).toEqual(dealCardSchema.parse(cardPart));
    expect(card).toEqual(cardPart);
    expect(column(small, 'leads').count).toBe(4);
    const rest = (
      await fresh.client.get(
        `/api/deals?stage=leads&cursor=${(small.columns[0] as { nextCursor: string }).nextCursor}`,
      )
    ).json();
    expect(rest.deals.map((d: Deal) => d.id)).toEqual([created[2], created[0]]);
  });

  it('computes active deals, conversion over the period and the forecast from deals', async () => {
    const fresh = await signUpOwner(t.app, { businessName: 'Figures Co' });
    const contact = await newContact(fresh.client);
    const empty = (await fresh.client.get('/api/deals/stats')).json();
    expect(empty.active).toEqual({ count: 0, valueCents: 0 });
    expect(empty.conversion).toMatchObject({ won: 0, lost: 0, rate: null, periodDays: 90 });
    const now = new Date();
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 15))
      .toISOString()
      .slice(0, 10);
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 28))
      .toISOString()
      .slice(0, 10);
    const later = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1))
      .toISOString()
      .slice(0, 10);
    const make = (name: string, stage: string, valueCents: number, expectedCloseDate?: string) =>
      newDeal({ name, contactId: contact.id, stage, valueCents, expectedCloseDate }, fresh.client);
    await make('a', 'leads', 10_000, thisMonth); // 10% -> 1,000
    await make('b', 'negotiation', 20_000, nextMonth); // 75% -> 15,000
    await make('c', 'proposal', 40_000, later); // outside the forecast
    await make('d', 'won', 30_000, thisMonth); // 100% -> 30,000
    await make('e', 'lost', 5_000, thisMonth); // 0%
    await make('f', 'won', 1_000);
    await make('g', 'lost', 1_000);
    await make('h', 'lost', 1_000);
    const stats = (await fresh.client.get('/api/deals/stats')).json();
    expect(stats.active).toEqual({ count: 3, valueCents: 70_000 });
    expect(stats.conversion).toEqual({ periodDays: 90, won: 2, lost: 3, rate: 40 });
    expect(stats.forecast).toMatchObject({ dealCount: 4, valueCents: 46_000 });
    expect(stats.stages.map((s: { stage: string; count: number }) => `${s.stage}:${s.count}`)).toEqual([
      'leads:1',
      'qualified:0',
      'proposal:1',
      'negotiation:1',
      'won:2',
      'lost:3',
    ]);
    // A deal closed before the period is left out of the conversion rate.
    await t.database.withWorkspace(fresh.workspaceId, (tx) =>
      tx.execute(`update deals set closed_at = now() - interval '200 days' where name = 'g'`),
    );
    expect((await fresh.client.get('/api/deals/stats')).json().conversion).toMatchObject({
      won: 2,
      lost: 2,
      rate: 50,
    });
    expect((await fresh.client.get('/api/deals/stats?periodDays=365')).json().conversion.lost).toBe(3);
    expect((await fresh.client.get('/api/deals/stats?periodDays=0')).statusCode).toBe(400);
  });
});

describe('the service other features call', () => {
  it('creates a deal for a workflow with no acting user, and imports skip deals a contact already has', async () => {
    const contact = await newContact();
    const deal = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      createDeal(
        tx,
        { name: 'From workflow', contactId: contact.id, valueCents: 100, currency: 'USD', stage: 'leads' },
        { actorUserId: null, via: 'automation' },
      ),
    );
    expect(deal).toMatchObject({ ownerId: null, contactId: contact.id, companyId: contact.companyId });
    const timeline = (await owner.client.get(`/api/deals/${deal.id}`)).json().timeline;
    expect(timeline[0].title).toBe('Deal created by a workflow');
    const imported = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      createDealsFromImport(tx, [
        { contactId: contact.id, name: 'FROM WORKFLOW', valueCents: 5, stage: 'leads' },
        { contactId: contact.id, name: 'Renewal', valueCents: 5, stage: 'won' },
        { contactId: contact.id, name: 'renewal', valueCents: 5, stage: 'won' },
      ]),
    );
    expect(imported).toBe(1);
    expect((await owner.client.get(`/api/contacts/${contact.id}`)).json().contact.status).toBe('customer');
  });
});

describe('the demo workspace', () => {
  it('has deals in every stage, and its customers are the contacts with won deals', async () => {
    const demo = await signUpOwner(t.app, { businessName: 'Demo Seeded' });
    await t.database.withWorkspace(demo.workspaceId, (tx) =>
      seedDemoData(tx, {
        workspaceId: demo.workspaceId,
        ownerId: demo.userId,
        config: t.config,
        signIn: false,
      }),
    );
    const stats = (await demo.client.get('/api/deals/stats')).json();
    for (const stage of stats.stages)
      expect(`${stage.stage}: ${stage.count > 0}`).toBe(`${stage.stage}: true`);
    const won = (await demo.client.get('/api/deals?stage=won&limit=200')).json().deals as Deal[];
    const customers = (await demo.client.get('/api/contacts/stats')).json().customer;
    expect(new Set(won.map((d) => d.contactId)).size).toBe(customers);
  });
});
