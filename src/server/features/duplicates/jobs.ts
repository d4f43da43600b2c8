import type { JobDefinition } from '../../jobs/queue.js';
import { expireMergeHistory, runScan, scanJobName } from './service.js';

/**
 * The scan runs as a job (a workspace of a million contacts takes minutes); its row says how far it is.
 * The daily sweep forgets the snapshots of merges past their workspace's history period.
 */
export const duplicateJobs: JobDefinition[] = [
  {
    name: scanJobName,
    retryLimit: 2,
    memoryHeavy: true,
    handler: (data, deps) => runScan(deps, data as { workspaceId: number; scanId: number }),
  },
  {
    name: 'duplicates.expire-merges',
    cron: '17 3 * * *',
    handler: async (_data, deps) => {
      await expireMergeHistory(deps);
    },
  },
];
