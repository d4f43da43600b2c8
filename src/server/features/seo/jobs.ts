import type { JobDefinition } from '../../jobs/queue.js';
import {
  queueDailySearchConsoleSyncs,
  runSearchConsoleSync,
  searchConsoleSyncJobName,
} from './search-console-sync.js';

export const seoJobs: JobDefinition[] = [
  {
    name: searchConsoleSyncJobName,
    handler: runSearchConsoleSync as JobDefinition['handler'],
  },
  {
    name: 'search-console-daily',
    cron: '41 5 * * *',
    handler: async (_data, deps) => {
      await queueDailySearchConsoleSyncs(deps);
    },
  },
];
