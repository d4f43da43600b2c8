import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { currentHeapGrowthPercent, heapGrowthPercent, relaxHeapGrowth, withTightHeap } from './heap.js';

/**
 * In a fresh node with the server's flags (and no memory reducer, whose collections follow the clock, not
 * the allocations): the full collections V8 runs while 6,000 arrays of 1,000 small
 * objects are made, the last 400 kept alive (~25 MB), once with the relaxed growth and once inside
 * `withTightHeap`; each after a first round whose full collection sets the limit. The same work both
 * times, so only the growth setting changes the count.
 */
const program = `
  import { constants, PerformanceObserver } from 'node:perf_hooks';
  import { relaxHeapGrowth, withTightHeap } from ${JSON.stringify(path.resolve('src/server/heap.ts'))};
  let count = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) count++;
  }).observe({ entryTypes: ['gc'] });
  const churn = async (rounds) => {
    const alive = [];
    for (let i = 0; i < rounds; i++) {
      alive.push(Array.from({ length: 1000 }, (_, j) => ({ j, text: 'item ' + i + ' ' + j })));
      if (alive.length > 400) alive.shift();
    }
    await new Promise((resolve) => setTimeout(resolve, 50)); // the observer's entries arrive after the work
  };
  const counted = async (rounds) => { await churn(2000); count = 0; await churn(rounds); return count; };
  relaxHeapGrowth();
  const relaxed = await counted(6000);
  const tight = await withTightHeap(() => counted(6000));
  console.log(JSON.stringify({ relaxed, tight }));
`;

describe('the heap growth setting', () => {
  afterEach(() => relaxHeapGrowth());

  it('is tight while any memory-heavy work runs, relaxed once the last one ends or fails', async () => {
    relaxHeapGrowth();
    expect(currentHeapGrowthPercent()).toBe(heapGrowthPercent.relaxed);
    let releaseFirst = () => {};
    const first = withTightHeap(() => new Promise<void>((resolve) => (releaseFirst = resolve)));
    expect(currentHeapGrowthPercent()).toBe(heapGrowthPercent.tight);
    const second = withTightHeap(async () => {
      throw new Error('the work failed');
    });
    await expect(second).rejects.toThrow('the work failed');
    // The first is still running.
    expect(currentHeapGrowthPercent()).toBe(heapGrowthPercent.tight);
    releaseFirst();
    await first;
    expect(currentHeapGrowthPercent()).toBe(heapGrowthPercent.relaxed);
  });

  it('makes V8 collect several times as often while tight (it reads the flag at every full collection)', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--max-semi-space-size=4',
        '--no-memory-reducer',
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        program,
      ],
      { timeout: 80_000 },
    );
    const { relaxed, tight } = JSON.parse(stdout) as { relaxed: number; tight: number };
    // 25–27 against 9–12 here, alone or beside three busy loops; the same setting gives the same count (10 and 10).
    expect(tight).toBeGreaterThanOrEqual(1.5 * Math.max(1, relaxed));
    // A fresh node with tsx, then 16 million small objects: ~4 s alone, several times that beside CI's other files.
  }, 90_000);
});
