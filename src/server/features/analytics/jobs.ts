import type { Database } from '../../db/database.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { clearDirtyDay, ensurePartition, listDirtyDays, rebuildDay } from './store.js';

/**
 * Rebuilds every (workspace, day) whose events changed since its last rollup. Each day is replaced in one
 * transaction, so a crash mid-way leaves the day marked and the next run redoes it; running twice is harmless.
 */
export async function runRollups(database: Database): Promise<number> {
  let done = 0;
  for (;;) {
    const days = await listDirtyDays(database.db);
    if (days.length === 0) return done;
    for (const { workspaceId, day, markedAt } of days) {
      await database.withWorkspace(workspaceId, async (tx) => {
        await rebuildDay(tx, day);
        await clearDirtyDay(tx, day, markedAt);
      });
      done += 1;
    }
  }
}

/** This month's and next month's partitions exist before any event needs them. */
export async function ensureUpcomingPartitions(database: Database, now = new Date()): Promise<void> {
  for (const offset of [0, 1]) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
    await ensurePartition(database.db, month.toISOString().slice(0, 10));
  }
}

export const analyticsJobs: JobDefinition[] = [
  {
    name: 'analytics-rollup',
    cron: '* * * * *',
    retryLimit: 2,
    handler: async (_data, deps) => {
      await runRollups(deps.database);
    },
  },
  {
    name: 'analytics-partitions',
    cron: '7 * * * *',
    handler: (_data, deps) => ensureUpcomingPartitions(deps.database),
  },
];
