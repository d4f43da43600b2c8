import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpOwner, useTestApp } from '../../../../test/test-app.js';
import { assertContactCapacity } from './index.js';

const t = useTestApp();

/** Contacts written straight into the workspace, as a creator that already passed the check does. */
const bulk = (n: number, tag: string) =>
  sql`insert into contacts (first_name, email)
      select 'Bulk', ${tag} || g || '@capacity.example' from generate_series(1, ${n}::int) g`;

const total = async (workspaceId: number) =>
  t.database.withWorkspace(workspaceId, async (tx) => {
    const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from contacts`);
    return rows[0].n;
  });

describe('the plan limit under concurrent creators (migration 1331)', () => {
  it('keeps the counters, split over rows, equal to the contacts through inserts, status changes and deletes', async () => {
    const owner = await signUpOwner(t.app);
    await t.database.withWorkspace(owner.workspaceId, (tx) => tx.execute(bulk(40, 'split')));
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.database.withWorkspace(owner.workspaceId, (tx) => tx.execute(bulk(5, `par${i}-`))),
      ),
    );
    await t.database.withWorkspace(owner.workspaceId, async (tx) => {
      await tx.execute(
        sql`update contacts set status = 'customer', value_cents = 500 where email like 'split1%'`,
      );
      await tx.execute(sql`delete from contacts where email like 'par0-%'`);
    });
    const stats = (await owner.client.get('/api/contacts/stats')).json();
    expect(stats.total).toBe(await total(owner.workspaceId));
    expect(stats.total).toBe(65);
    expect(stats.customer).toBe(11);
    expect(stats.pipeline.customer.valueCents).toBe(5500);
  });

  it('refuses at commit the creator a race would take past the limit, keeping the one that committed first', async () => {
    const starter = await signUpOwner(t.app, { plan: 'starter' });
    await t.database.withWorkspace(starter.workspaceId, (tx) => tx.execute(bulk(880, 'base')));
    // Both creators pass the check at 880 (far from 1,000, so neither waits), then each adds 70: together
    // they would make 1,020. The first to commit keeps its 70; the other is refused at its commit.
    const signal = () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { open, opened };
    };
    const aChecked = signal();
    const bChecked = signal();
    const aDone = signal();
    const first = t.database
      .withWorkspace(starter.workspaceId, async (tx) => {
        await assertContactCapacity(tx, 1);
        aChecked.open();
        await bChecked.opened;
        await tx.execute(bulk(70, 'a'));
      })
      .finally(aDone.open);
    const second = t.database.withWorkspace(starter.workspaceId, async (tx) => {
      await aChecked.opened;
      await assertContactCapacity(tx, 1);
      bChecked.open();
      await aDone.opened;
      await tx.execute(bulk(70, 'b'));
    });
    const outcomes = await Promise.allSettled([first, second]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes[1] as PromiseRejectedResult;
    expect(String(refused.reason?.message ?? refused.reason)).toMatch(/contact limit/);
    expect(await total(starter.workspaceId)).toBe(950);
    expect((await starter.client.get('/api/contacts/stats')).json().total).toBe(950);
  });
});
