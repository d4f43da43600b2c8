import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.js';

describe('createGroupCommit', () => {
  it('writes the first item at once and the ones arriving meanwhile together, answering each in order', async () => {
    const batches: number[][] = [];
    const commit = createGroupCommit<number, number>(async (items) => {
      batches.push(items);
      await new Promise((resolve) => setImmediate(resolve));
      return items.map((n) => n * 10);
    });
    const answers = await Promise.all([1, 2, 3, 4].map((n) => commit.submit(n)));
    expect(answers).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('fails only the item answered with an Error, and every item of a batch whose write throws', async () => {
    let calls = 0;
    const commit = createGroupCommit<number, number>(async (items) => {
      calls++;
      if (calls === 1) throw new Error('database down');
      return items.map((n) => (n === 3 ? new Error(`refused ${n}`) : n));
    });
    const first = commit.submit(1);
    const rest = [2, 3].map((n) => commit.submit(n));
    await expect(first).rejects.toThrow('database down');
    await expect(rest[0]).resolves.toBe(2);
    await expect(rest[1]).rejects.toThrow('refused 3');
    await commit.flush();
    expect(calls).toBe(2);
  });
});
