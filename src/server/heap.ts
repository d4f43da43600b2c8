import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what its last full collection found alive, in percent.
 *
 * Requests want room: at 25% a server taking 50 form submissions a second ran a full collection every
 * 2 s, and each one's marking (on a 2-core machine, beside PostgreSQL) slowed the requests of its ~60 ms
 * to 60–110 ms: the forms' p99 was 57–62 ms, 41–53 ms at 100% (bench/forms).
 *
 * Work that holds much in memory (a million-row import, a backup, a crawl) wants the heap close to its
 * live size: a million-row import's upload at 100% left the server's peak RSS at 272 MB, against 223 MB
 * with the upload tight too (its target is 250). So such work says so (`withTightHeap`) and the whole
 * process runs tight while any of it runs. V8 reads the flag at every full collection, so a change takes
 * effect at the next one; a heap grown while relaxed is not given back at once, which is why the work
 * must say so from its first byte.
 */
export const heapGrowthPercent = { relaxed: 100, tight: 25 } as const;

let tightHolders = 0;

function setGrowth(percent: number): void {
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/** The process's growth now: tight while any memory-heavy work runs. */
export function currentHeapGrowthPercent(): number {
  return tightHolders > 0 ? heapGrowthPercent.tight : heapGrowthPercent.relaxed;
}

/** Called once at start: requests get the relaxed growth until memory-heavy work asks for less. */
export function relaxHeapGrowth(): void {
  if (tightHolders === 0) setGrowth(heapGrowthPercent.relaxed);
}

/** Runs memory-heavy `work` with the heap kept tight, for as long as it or any other such work runs. */
export async function withTightHeap<T>(work: () => Promise<T>): Promise<T> {
  if (tightHolders++ === 0) setGrowth(heapGrowthPercent.tight);
  try {
    return await work();
  } finally {
    if (--tightHolders === 0) setGrowth(heapGrowthPercent.relaxed);
  }
}
