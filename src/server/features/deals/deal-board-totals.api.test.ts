import type { Deal, DealStage } from '@domain/deals/deal-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, addMember, signUpOwner, useTestApp } from '../../../../test/test-app.js';

// A board filtered by website or owner reads its column totals from per-segment counters kept by
// triggers; every way a deal can change segment must keep them equal to the deals themselves.
let client: ApiClient;
let ownerId: number;
let memberId: number;
let siteA: number;
let siteB: number;
let contactId: number;
const t = useTestApp();
beforeAll(async () => {
  const owner = await signUpOwner(t.app, { businessName: 'Segments Co' });
  client = owner.client;
  ownerId = owner.userId;
  const member = await addMember(t.app, owner, 'member');
  memberId = (await member.client.get('/api/auth/user')).json().id;
  siteA = (await client.post('/api/websites', { name: 'A', domain: 'a.example' })).json().id;
  siteB = (await client.post('/api/websites', { name: 'B', domain: 'b.example' })).json().id;
  contactId = (await client.post('/api/contacts', { firstName: 'Seg', email: 'seg@example.com' })).json().id;
});

type Column = { stage: DealStage; count: number; valueCents: number };

/** Count and value per stage as the deals themselves add up, read page by page through the list. */
async function counted(query: string): Promise<Column[]> {
  const deals: Deal[] = [];
  let cursor: string | null = null;
  do {
    const page: { deals: Deal[]; nextCursor: string | null } = (
      await client.get(`/api/deals?limit=200&${query}${cursor ? `&cursor=${cursor}` : ''}`)
    ).json();
    deals.push(...page.deals);
    cursor = page.nextCursor;
  } while (cursor);
  const board: { columns: Column[] } = (await client.get('/api/deals/board')).json();
  return board.columns.map(({ stage }) => {
    const inStage = deals.filter((d) => d.stage === stage);
    return { stage, count: inStage.length, valueCents: inStage.reduce((sum, d) => sum + d.valueCents, 0) };
  });
}

async function expectBoardsToMatchTheDeals() {
  for (const query of [
    `websiteId=${siteA}`,
    `websiteId=${siteB}`,
    `ownerId=${ownerId}`,
    `ownerId=${memberId}`,
    `websiteId=${siteA}&ownerId=${memberId}`,
  ]) {
    const board: { columns: Column[] } = (await client.get(`/api/deals/board?${query}`)).json();
    const totals = board.columns.map(({ stage, count, valueCents }) => ({ stage, count, valueCents }));
    expect(totals, query).toEqual(await counted(query));
  }
}

describe('board totals filtered by website and owner', () => {
  it('follow creates, moves, edits and deletes of deals, contacts and websites', async () => {
    const stages: DealStage[] = ['leads', 'qualified', 'proposal', 'won'];
    const deals: Deal[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await client.post('/api/deals', {
        name: `S${i}`,
        contactId,
        valueCents: 1_000 * (i + 1),
        stage: stages[i % stages.length],
        websiteId: [siteA, siteB, null][i % 3],
        ownerId: i % 2 ? memberId : ownerId,
      });
      expect(res.statusCode).toBe(201);
      deals.push(res.json());
    }
    await expectBoardsToMatchTheDeals();

    expect((await client.post(`/api/deals/${deals[0].id}/stage`, { stage: 'negotiation' })).statusCode).toBe(
      200,
    );
    expect(
      (await client.patch(`/api/deals/${deals[1].id}`, { websiteId: siteA, valueCents: 77 })).statusCode,
    ).toBe(200);
    expect((await client.patch(`/api/deals/${deals[2].id}`, { ownerId: memberId })).statusCode).toBe(200);
    expect((await client.patch(`/api/deals/${deals[3].id}`, { websiteId: null })).statusCode).toBe(200);
    expect((await client.delete(`/api/deals/${deals[4].id}`)).statusCode).toBe(204);
    await expectBoardsToMatchTheDeals();

    // Deleting the website sets its deals' website to none (a cascaded update).
    expect((await client.delete(`/api/websites/${siteB}`)).statusCode).toBe(204);
    const board = (await client.get(`/api/deals/board?websiteId=${siteB}`)).json() as { columns: Column[] };
    expect(board.columns.every((c) => c.count === 0 && c.valueCents === 0)).toBe(true);
    await expectBoardsToMatchTheDeals();

    // Deleting the contact deletes its deals (a cascaded delete).
    expect((await client.delete(`/api/contacts/${contactId}`)).statusCode).toBe(204);
    await expectBoardsToMatchTheDeals();
    const empty = (await client.get(`/api/deals/board?websiteId=${siteA}`)).json() as { columns: Column[] };
    expect(empty.columns.map((c) => c.count)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
