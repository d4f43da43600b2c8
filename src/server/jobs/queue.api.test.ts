import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOwner, useTestApp } from '../../../test/test-app.js';
import { currentHeapGrowthPercent, heapGrowthPercent, relaxHeapGrowth } from '../heap.js';
import { createQueue } from './queue.js';

let owner: pg.Client;
let workspaceId: number;
const t = useTestApp();
beforeAll(async () => {
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
  workspaceId = (await signUpOwner(t.app)).workspaceId;
});
afterAll(async () => {
  await owner.end();
});

const queueName = 'test.in-transaction';
const jobExists = async (id: string | null) =>
  (await owner.query('select 1 from pgboss.job where id = $1', [id])).rowCount === 1;

describe('queue.send in a workspace transaction', () => {
  it('queues the job exactly when the transaction commits', async () => {
    const committed = await t.database.withWorkspace(workspaceId, (tx) =>
      t.queue.send(queueName, { workspaceId, n: 1 }, { tx }),
    );
    expect(await jobExists(committed)).toBe(true);

    let rolledBack: string | null = null;
    await expect(
      t.database.withWorkspace(workspaceId, async (tx) => {
        rolledBack = await t.queue.send(queueName, { workspaceId, n: 2 }, { tx });
        // Not yet visible to anyone else: the job waits for the transaction like the record does.
        expect(await jobExists(rolledBack)).toBe(false);
        throw new Error('the record could not be written');
      }),
    ).rejects.toThrow('the record could not be written');
    expect(rolledBack).toMatch(/^[0-9a-f-]{36}$/);
    expect(await jobExists(rolledBack)).toBe(false);
  });

  it('gives the runtime role no more of pg-boss than adding jobs', async () => {
    const tryAs = (statement: string) =>
      t.database
        .withWorkspace(workspaceId, (tx) => tx.execute(statement))
        .then(
          () => 'allowed',
          (error: { cause?: { code?: string } }) => error.cause?.code,
        );
    expect(await tryAs('select data from pgboss.job limit 1')).toBe('42501');
    expect(await tryAs('delete from pgboss.job')).toBe('42501');
    expect(await tryAs('update pgboss.job set priority = 1')).toBe('42501');
  });
});

describe('a queue with batchSize', () => {
  it('runs a fetched batch side by side and retries only the job that failed', async () => {
    const queue = createQueue(t.ownerUrl);
    const runs: number[] = [];
    let failedOnce = false;
    let running = 0;
    let mostAtOnce = 0;
    try {
      // Queued before the worker starts, so its first fetch takes them all.
      const ids: (string | null)[] = [];
      for (let n = 0; n < 8; n++) ids.push(await queue.send('test.batch', { n }));
      await queue.start(
        [
          {
            name: 'test.batch',
            batchSize: 8,
            handler: async (data: { n: number }) => {
              runs.push(data.n);
              running++;
              mostAtOnce = Math.max(mostAtOnce, running);
              await new Promise((resolve) => setImmediate(resolve));
              running--;
              if (data.n === 3 && !failedOnce) {
                failedOnce = true;
                throw new Error('the receiver was down');
              }
            },
          },
        ],
        t.app.deps,
      );
      const states = async () =>
        (await owner.query('select state from pgboss.job where id = any($1)', [ids])).rows.map(
          (r) => r.state,
        );
      for (;;) {
        const now = await states();
        if (now.length === 8 && now.every((state) => state === 'completed')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(mostAtOnce).toBe(8);
      expect(runs.filter((n) => n === 3)).toHaveLength(2);
      expect(runs.filter((n) => n !== 3).sort()).toEqual([0, 1, 2, 4, 5, 6, 7]);
    } finally {
      await queue.stop();
    }
  });
});

describe('memory-heavy jobs', () => {
  it('run with the heap kept tight, other jobs with it relaxed, and the relaxed growth is back once they end', async () => {
    const queue = createQueue(t.ownerUrl);
    const seen: Record<string, number[]> = { heavy: [], light: [] };
    try {
      for (const n of [1, 2]) await queue.send('test.heavy', { n });
      relaxHeapGrowth();
      await queue.start(
        [
          {
            name: 'test.heavy',
            batchSize: 2,
            memoryHeavy: true,
            handler: async () => void seen.heavy.push(currentHeapGrowthPercent()),
          },
          { name: 'test.light', handler: async () => void seen.light.push(currentHeapGrowthPercent()) },
        ],
        t.app.deps,
      );
      const until = async (done: () => boolean) => {
        while (!done()) await new Promise((resolve) => setTimeout(resolve, 50));
      };
      await until(() => seen.heavy.length === 2);
      // After the heavy batch: a light job beside it would see the tight heap too, as the whole process is.
      await queue.send('test.light', { n: 3 }, { wake: true });
      await until(() => seen.light.length === 1);
      expect(seen).toEqual({
        heavy: [heapGrowthPercent.tight, heapGrowthPercent.tight],
        light: [heapGrowthPercent.relaxed],
      });
    } finally {
      await queue.stop();
    }
    expect(currentHeapGrowthPercent()).toBe(heapGrowthPercent.relaxed);
  });
});

describe('waking idle workers', () => {
  it('runs a job queued by another process, in a transaction, for later or many at once, without polling for it', async () => {
    // Workers that would look for jobs once an hour on their own: only the dispatcher can start these
    // within the test.
    const worker = createQueue(t.ownerUrl, { idleFetchSeconds: 3600 });
    const otherProcess = createQueue(t.ownerUrl);
    const ran = new Map<string, number>();
    try {
      await worker.start(
        [
          { name: 'test.wake', handler: async (data: { n: string }) => void ran.set(data.n, Date.now()) },
          {
            name: 'test.wake-many',
            concurrency: 2,
            batchSize: 2,
            handler: async (data: { n: string }) => void ran.set(data.n, Date.now()),
          },
        ],
        t.app.deps,
      );
      // The workers' first fetches come back empty; from then on they wait for the dispatcher.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const waitFor = async (n: string) => {
        while (!ran.has(n)) await new Promise((resolve) => setTimeout(resolve, 50));
      };
      await otherProcess.send('test.wake', { n: 'elsewhere' });
      await waitFor('elsewhere');
      await t.database.withWorkspace(workspaceId, async (tx) => {
        await otherProcess.send('test.wake', { n: 'in a transaction' }, { tx });
        await new Promise((resolve) => setTimeout(resolve, 700));
        expect(ran.has('in a transaction')).toBe(false);
      });
      await waitFor('in a transaction');
      const due = Date.now() + 1500;
      await otherProcess.send('test.wake', { n: 'later' }, { startAfter: new Date(due) });
      await waitFor('later');
      expect(ran.get('later')).toBeGreaterThanOrEqual(due);
      const many = ['a', 'b', 'c', 'd', 'e'];
      await otherProcess.sendMany(
        'test.wake-many',
        many.map((n) => ({ data: { n } })),
      );
      for (const n of many) await waitFor(n);
    } finally {
      await worker.stop();
      await otherProcess.stop();
    }
  });

  it('wakes the workers at the commit of a job queued with wake, in any process, and not before', async () => {
    // Neither polling nor the dispatcher would start these within the test: only the wake can.
    const worker = createQueue(t.ownerUrl, { idleFetchSeconds: 3600, dispatchEveryMs: 3_600_000 });
    const otherProcess = createQueue(t.ownerUrl);
    const ran = new Set<string>();
    try {
      await worker.start(
        [{ name: 'test.woken', handler: async (data: { n: string }) => void ran.add(data.n) }],
        t.app.deps,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const waitFor = async (n: string) => {
        while (!ran.has(n)) await new Promise((resolve) => setTimeout(resolve, 50));
      };
      await t.database.withWorkspace(workspaceId, async (tx) => {
        await otherProcess.sendMany('test.woken', [{ data: { n: 'committed' } }], { tx, wake: true });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(ran.has('committed')).toBe(false);
      });
      await waitFor('committed');
      await otherProcess.send('test.woken', { n: 'alone' }, { wake: true });
      await waitFor('alone');
    } finally {
      await worker.stop();
      await otherProcess.stop();
    }
  });
});

describe('waking on commit, and jobs a dead process left active', () => {
  it('runs a job sent with wake as its transaction commits, with no poll and no dispatch tick to find it', async () => {
    // Neither the workers' own fetch nor the dispatcher comes round within the test: only the NOTIFY can.
    const worker = createQueue(t.ownerUrl, { idleFetchSeconds: 3600, dispatchEveryMs: 3_600_000 });
    const ran: string[] = [];
    try {
      await worker.start(
        [{ name: 'test.wake-on-commit', handler: async (data: { n: string }) => void ran.push(data.n) }],
        t.app.deps,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await t.database.withWorkspace(workspaceId, (tx) =>
        t.queue.send('test.wake-on-commit', { n: 'woken' }, { tx, wake: true }),
      );
      while (!ran.includes('woken')) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ran).toEqual(['woken']);
    } finally {
      await worker.stop();
    }
  });

  it('queues again, at start, the jobs of a requeueActiveOnStart queue still active', async () => {
    const name = 'test.requeue-active';
    const id = await t.queue.send(name, { n: 'cut short' });
    // As a process killed inside the job leaves it: active, for pg-boss until its expiry an hour later.
    await owner.query(`update pgboss.job set state = 'active', started_on = now() where id = $1`, [id]);
    const worker = createQueue(t.ownerUrl);
    const ran: string[] = [];
    try {
      await worker.start(
        [
          {
            name,
            requeueActiveOnStart: true,
            handler: async (data: { n: string }) => void ran.push(data.n),
          },
        ],
        t.app.deps,
      );
      while (!ran.includes('cut short')) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ran).toEqual(['cut short']);
    } finally {
      await worker.stop();
    }
  });
});

describe('waking across several processes', () => {
  it('wakes one worker per job across all processes, and hands a busy process turn on instead of losing it', async () => {
    // Only the notification can start these jobs within the test: no polling, no dispatch tick.
    const quiet = { idleFetchSeconds: 3600, dispatchEveryMs: 3_600_000 };
    const processes = [createQueue(t.ownerUrl, quiet), createQueue(t.ownerUrl, quiet)];
    // Listens like the others but has no worker for the queue: every turn it is dealt must go on to another.
    const withoutWorkers = createQueue(t.ownerUrl, quiet);
    const sender = createQueue(t.ownerUrl);
    const ran: string[] = [];
    const all = [...processes, withoutWorkers];
    const woken = () => all.reduce((sum, queue) => sum + queue.wakeStats().woken, 0);
    try {
      for (const queue of processes)
        await queue.start(
          [
            {
              name: 'test.herd',
              concurrency: 3,
              handler: async (data: { n: string }) => void ran.push(data.n),
            },
          ],
          t.app.deps,
        );
      await withoutWorkers.start([{ name: 'test.herd-other', handler: async () => undefined }], t.app.deps);
      // Each process counts the listeners when it starts and when another one does.
      while (all.some((queue) => queue.wakeStats().listeners !== 3))
        await new Promise((resolve) => setTimeout(resolve, 50));
      // The workers' first fetches come back empty; from then on only a wake starts them.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const waitFor = async (n: string[]) => {
        while (!n.every((one) => ran.includes(one))) await new Promise((resolve) => setTimeout(resolve, 50));
      };

      // Every process used to wake a worker for every job: three fetches for one job, two of them empty.
      // At most one: on a loaded machine a worker's first fetch can come after the wait above and take the
      // job unwoken (once locally, four API files at a time); nothing else can start a job here.
      for (const n of ['one', 'two', 'three', 'four']) {
        const before = woken();
        await sender.send('test.herd', { n }, { wake: true });
        await waitFor([n]);
        expect(woken() - before).toBeLessThanOrEqual(1);
      }

      // Three jobs, one turn each: the process without workers hands its turn on.
      const before = woken();
      const three = ['a', 'b', 'c'];
      await sender.sendMany(
        'test.herd',
        three.map((n) => ({ data: { n } })),
        { wake: true },
      );
      await waitFor(three);
      expect(woken() - before).toBe(3);
      expect(withoutWorkers.wakeStats().woken).toBe(0);
      expect([...ran].sort()).toEqual(['a', 'b', 'c', 'four', 'one', 'three', 'two']);
    } finally {
      for (const queue of all) await queue.stop();
      await sender.stop();
    }
  });
});
