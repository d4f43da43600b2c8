import { opportunityScore } from '@domain/cross-sales/opportunity-score';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';
import { demoApps, demoMatrix, demoPlan } from '../ecosystem/demo-catalogue.js';
import { seedDemoEcosystem } from '../ecosystem/index.js';
import { topOpportunities } from './store.js';

let owner: SignedUp;
const appName = (slug: string) => demoApps.find((a) => a.slug === slug)?.name as string;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000 - 3_600_000).toISOString();

// Contacts of SoulScan (whose users fit Healing Journey) in different states.
const people = [
  {
    firstName: 'Hot',
    email: 'hot@x.example',
    status: 'customer',
    valueCents: 200_000,
    lastContactedAt: daysAgo(2),
  },
  {
    firstName: 'Warm',
    email: 'warm@x.example',
    status: 'qualified',
    valueCents: 40_000,
    lastContactedAt: daysAgo(20),
  },
  { firstName: 'Cold', email: 'cold@x.example', status: 'lead', valueCents: 0 },
  {
    firstName: 'Gone',
    email: 'gone@x.example',
    status: 'lost',
    valueCents: 0,
    lastContactedAt: daysAgo(200),
  },
] as const;
const t = useTestApp();
beforeAll(async () => {
  owner = await signUpOwner(t.app);
  await t.database.withWorkspace(owner.workspaceId, (tx) => seedDemoEcosystem(tx));
  for (const p of people) {
    const res = await owner.client.post('/api/contacts', { ...p, source: appName('soulscan') });
    expect(res.statusCode, res.body).toBe(201);
  }
});

describe('cross-sales', () => {
  it('scores opportunities in SQL exactly as the domain rule does, best first', async () => {
    const res = await owner.client.get('/api/cross-sales/opportunities');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list.map((o: { contact: { name: string } }) => o.contact.name)).toEqual([
      'Hot',
      'Warm',
      'Cold',
      'Gone',
    ]);
    // One timeline entry each (created).
    const expected = [
      opportunityScore({ status: 'customer', valueCents: 200_000, daysSinceContact: 2, engagement: 1 }),
      opportunityScore({ status: 'qualified', valueCents: 40_000, daysSinceContact: 20, engagement: 1 }),
      opportunityScore({ status: 'lead', valueCents: 0, daysSinceContact: null, engagement: 1 }),
      opportunityScore({ status: 'lost', valueCents: 0, daysSinceContact: 200, engagement: 1 }),
    ];
    expect(list.map((o: { score: number }) => o.score)).toEqual(expected);
    expect(list[0]).toMatchObject({
      currentApp: 'SoulScan',
      targetApp: 'Healing Journey',
      targetService: 'Guided programme',
      urgency: 'high',
      valueEstimate: Math.round(39 + ((399 - 39) * expected[0]) / 100),
    });
    expect(list[0].reasoning).toContain('is not a Healing Journey user yet');
    expect(list[0].callToAction).toBe('Offer Guided programme from Healing Journey to Hot');
  });

  it('agrees with the domain rule on every status, value, recency band edge and engagement count', async () => {
    const other = await signUpOwner(t.app);
    const hour = 3_600_000;
    // Offsets from now in hours: each side of every recency band edge (8, 31, 91 whole days), a future date.
    const contactedHoursAgo = [
      null,
      12,
      8 * 24 - 1,
      8 * 24 + 1,
      31 * 24 - 1,
      31 * 24 + 1,
      91 * 24 - 1,
      91 * 24 + 1,
      -48,
    ];
    const values = [0, 1, 50_000, 99_999, 100_000, 300_000];
    const statuses = ['customer', 'qualified', 'lead', 'lost'] as const;
    const rows = Array.from({ length: 72 }, (_, i) => ({
      email: `grid.${i}@x.example`,
      status: statuses[i % statuses.length],
      valueCents: values[i % values.length],
      hoursAgo: contactedHoursAgo[i % contactedHoursAgo.length],
      notes: i % 8, // 0–7 on top of the 'created' entry: below, at and above the cap of five
    }));
    const scores = await t.database.withWorkspace(other.workspaceId, async (tx) => {
      await seedDemoEcosystem(tx);
      for (const r of rows) {
        const { rows: inserted } = await tx.execute<{ id: number }>(sql`
          insert into contacts (email, source, status, value_cents, last_contacted_at)
          values (${r.email}, ${appName('soulscan')}, ${r.status}, ${r.valueCents},
            ${r.hoursAgo === null ? null : new Date(Date.now() - r.hoursAgo * hour).toISOString()})
          returning id::int as id`);
        await tx.execute(sql`
          insert into contact_timeline (contact_id, kind, title)
          select ${inserted[0].id}, 'note', 'Grid note' from generate_series(1, ${r.notes}::int)`);
      }
      return topOpportunities(tx, 1_000);
    });
    expect(scores).toHaveLength(rows.length * demoMatrix.filter((m) => m.from === 'soulscan').length);
    for (const row of scores) {
      const r = rows.find((x) => x.email === row.email) as (typeof rows)[number];
      const expected = opportunityScore({
        status: r.status,
        valueCents: r.valueCents,
        daysSinceContact: r.hoursAgo === null ? null : Math.floor(r.hoursAgo / 24),
        engagement: r.notes,
      });
      expect({ email: r.email, score: row.score }).toEqual({ email: r.email, score: expected });
    }
  });

  it('finds the best opportunities past a floor set by contacts of other apps or of high value and low score', async () => {
    const other = await signUpOwner(t.app);
    const soulscan = appName('soulscan');
    const targets = demoMatrix.filter((m) => m.from === 'soulscan').length;
    const ranked = await t.database.withWorkspace(other.workspaceId, async (tx) => {
      await seedDemoEcosystem(tx);
      // Scores 25 (lost, 10 value points, 5 entries): without engagement exactly the floor below less
      // the most engagement adds; made first, so they win the tie with the contacts of high value.
      await tx.execute(sql`
        insert into contacts (email, source, status, value_cents)
        select 'edge.' || g || '@x.example', ${soulscan}, 'lost', 40000 from generate_series(1, 2) g`);
      await tx.execute(sql`
        insert into contact_timeline (contact_id, kind, title)
        select c.id, 'note', 'Edge note' from contacts c, generate_series(1, 5) where c.email like 'edge.%'`);
      // One clear best: 55 (lead, contacted today, 5 entries), value nil.
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into contacts (email, source, status, value_cents, last_contacted_at)
        values ('best@x.example', ${soulscan}, 'lead', 0, now() - interval '1 hour') returning id::int as id`);
      await tx.execute(sql`
        insert into contact_timeline (contact_id, kind, title)
        select ${rows[0].id}, 'note', 'Best note' from generate_series(1, 5)`);
      // More contacts of the highest value than the floor samples, all scoring 25 (lost, never contacted).
      await tx.execute(sql`
        insert into contacts (email, source, status, value_cents)
        select 'rich.' || g || '@x.example', ${soulscan}, 'lost', 300000 from generate_series(1, 1200) g`);
      // Of higher value and score still, but of an app outside the matrix: no opportunity, no floor.
      await tx.execute(sql`
        insert into contacts (email, source, status, value_cents, last_contacted_at)
        select 'elsewhere.' || g || '@x.example', 'Elsewhere', 'customer', 900000, now()
        from generate_series(1, 50) g`);
      return {
        top: await topOpportunities(tx, 3 * targets),
        all: await topOpportunities(tx, 1_000_000),
      };
    });
    expect(ranked.top).toEqual(ranked.all.slice(0, 3 * targets));
    expect(ranked.top.map((o) => [o.email, o.score])).toEqual(
      ['best', 'edge.1', 'edge.2'].flatMap((e) =>
        Array.from({ length: targets }, () => [`${e}@x.example`, e === 'best' ? 55 : 25]),
      ),
    );
  });

  it("keeps each contact's engagement count equal to its timeline through inserts, moves and deletes", async () => {
    const other = await signUpOwner(t.app);
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4]) {
      const res = await other.client.post('/api/contacts', {
        firstName: `Drift ${n}`,
        email: `drift.${n}@x.example`,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const [a, b, c, d] = ids;
    expect(
      (await other.client.post(`/api/contacts/${a}/notes`, { body: 'First call went well' })).statusCode,
    ).toBe(201);
    const counts = () =>
      t.database.withWorkspace(other.workspaceId, async (tx) => {
        const { rows } = await tx.execute<{ id: number; stored: number | null; actual: number }>(sql`
          select c.id::int as id, e.entries as stored,
            (select count(*)::int from contact_timeline t where t.contact_id = c.id) as actual
          from contacts c left join contact_engagement e on e.contact_id = c.id order by c.id`);
        const { rows: orphans } = await tx.execute(sql`
          select 1 from contact_engagement e where not exists (select 1 from contacts c where c.id = e.contact_id)`);
        return { rows, orphans: orphans.length };
      });
    const expectNoDrift = async () => {
      const { rows, orphans } = await counts();
      for (const r of rows)
        expect({ id: r.id, entries: r.stored ?? 0 }).toEqual({ id: r.id, entries: r.actual });
      expect(orphans).toBe(0);
      return rows;
    };
    expect((await expectNoDrift()).find((r) => r.id === a)?.actual).toBe(2);
    await t.database.withWorkspace(other.workspaceId, async (tx) => {
      // Several contacts, some several times, in one statement.
      await tx.execute(sql`
        insert into contact_timeline (contact_id, kind, title)
        select id, 'note', 'Bulk' from unnest(${sql.param([a, a, b, c, c, c])}::bigint[]) id`);
      await tx.execute(
        sql`delete from contact_timeline where id = (select min(id) from contact_timeline where contact_id = ${a})`,
      );
      await tx.execute(sql`delete from contact_timeline where contact_id = ${c} and kind = 'note'`);
      await tx.execute(
        sql`update contact_timeline set contact_id = ${d} where contact_id = ${b} and kind = 'note'`,
      );
    });
    await expectNoDrift();
    // A contact deleted with its entries leaves no count behind.
    expect((await other.client.delete(`/api/contacts/${a}`)).statusCode).toBe(204);
    const rows = await expectNoDrift();
    expect(rows.map((r) => [r.id, r.actual])).toEqual([
      [b, 1],
      [c, 1],
      [d, 2],
    ]);
  });

  it('answers metrics, backlinks and the matrix from the workspace data', async () => {
    const metrics = (await owner.client.get('/api/cross-sales/metrics')).json();
    expect(metrics).toMatchObject({ totalOpportunities: 4, highValueOpportunities: 1 });
    expect(metrics.conversionFunnel).toEqual([
      { stage: 'Contacts', count: 4, percentage: 100 },
      { stage: 'Qualified', count: 2, percentage: 50 },
      { stage: 'Customers', count: 1, percentage: 25 },
    ]);
    expect(metrics.topTargetApps[0]).toMatchObject({ app: 'Healing Journey', count: 4 });
    const backlinks = (await owner.client.get('/api/cross-sales/backlinks')).json();
    expect(backlinks.contentPieces).toHaveLength(demoMatrix.length);
    const soul = backlinks.contentPieces.find((p: { sourceApp: string }) => p.sourceApp === 'SoulScan');
    expect(soul.metrics).toMatchObject({ expectedTraffic: 4, conversionPotential: 0.5 });
    const matrix = (await owner.client.get('/api/cross-sales/matrix')).json();
    expect(matrix.crossSalesMatrix.SoulScan[0]).toMatchObject({
      app: 'Healing Journey',
      valueRange: [39, 399],
    });
  });

  it('edits the matrix (admins), validating the range', async () => {
    const bad = await owner.client.post('/api/cross-sales/matrix', {
      sourceApp: 'SoulScan',
      targetApp: 'Mindful Media',
      valueRange: [50, 10],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('valueRange');
    const ok = await owner.client.post('/api/cross-sales/matrix', {
      sourceApp: 'SoulScan',
      targetApp: 'Mindful Media',
      services: ['Meditations'],
      valueRange: [9, 108],
      reasoning: 'Calm after the scan.',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().crossSalesMatrix.SoulScan).toHaveLength(2);
    const viewer = await addMember(t.app, owner, 'admin');
    const id = ok.json().crossSalesMatrix.SoulScan.find((m: { app: string }) => m.app === 'Mindful Media').id;
    expect((await viewer.client.delete(`/api/cross-sales/matrix/${id}`)).statusCode).toBe(204);
  });

  it('moves plan items Not Started → In Progress → Completed and computes progress', async () => {
    const plan = (await owner.client.get('/api/cross-sales/plan')).json();
    expect(plan.items).toHaveLength(demoPlan.length);
    expect(plan.progress).toBe(0);
    const id = plan.items[0].id;
    const started = (await owner.client.post(`/api/cross-sales/plan/${id}/advance`)).json();
    expect(started.items[0].status).toBe('In Progress');
    expect(started.progress).toBe(10);
    const done = (await owner.client.post(`/api/cross-sales/plan/${id}/advance`)).json();
    expect(done.items[0].status).toBe('Completed');
    expect(done.progress).toBe(20);
    expect((await owner.client.post(`/api/cross-sales/plan/${id}/advance`)).statusCode).toBe(409);
    const member = await addMember(t.app, owner, 'member');
    expect((await member.client.post(`/api/cross-sales/plan/${plan.items[1].id}/advance`)).statusCode).toBe(
      403,
    );
  });
});
