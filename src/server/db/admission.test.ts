import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createAdmission } from './database.js';

/** Whether `promise` has settled within a few milliseconds. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await sleep(5);
  return done;
}

describe('the admission of background transactions', () => {
  it('lets background work in one per core while a request is served, and all of it otherwise', async () => {
    const admission = createAdmission({ whileServing: 2, quietMs: 0 });
    const unserved = await Promise.all([1, 2, 3, 4].map(() => admission.enter()));
    for (const leave of unserved) leave();

    const served = admission.serve();
    const first = await admission.enter();
    const second = await admission.enter();
    const third = admission.enter();
    expect(await settled(third)).toBe(false);
    first();
    expect(await settled(third)).toBe(true);
    second();
    (await third)();
    served();
    // Served no more: a backlog goes in at once.
    const again = await Promise.all([1, 2, 3].map(() => admission.enter()));
    for (const leave of again) leave();
  });

  it('never lets a later transaction pass one that waits, even once nobody is served', async () => {
    // An import's batch waits inside its transaction for the batch before it: passing that batch deadlocked.
    const admission = createAdmission({ whileServing: 1, quietMs: 0 });
    const served = admission.serve();
    const running = await admission.enter();
    const before = admission.enter();
    expect(await settled(before)).toBe(false);
    served(); // a quiet moment: the next one must still queue behind the one that waits
    const after = admission.enter();
    expect(await settled(after)).toBe(false);
    running();
    expect(await settled(before)).toBe(true);
    (await before)();
    (await after)();
  });

  it('counts a request that ended less than quietMs ago as still being served', async () => {
    const admission = createAdmission({ whileServing: 1, quietMs: 60_000 });
    admission.serve()();
    const first = await admission.enter();
    const second = admission.enter();
    expect(await settled(second)).toBe(false);
    first();
    (await second)();
  });
});
