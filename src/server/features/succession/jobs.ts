import type { JobDefinition } from '../../jobs/queue.js';
import { checkAllSuccessions, sendSuccessorNotice, successionNoticeJobName } from './service.js';

export const successionJobs: JobDefinition[] = [
  {
    name: 'succession.daily-check',
    cron: '41 5 * * *',
    handler: async (_data, deps) => {
      await checkAllSuccessions(deps);
    },
  },
  {
    name: successionNoticeJobName,
    handler: (data, deps) => sendSuccessorNotice(deps, data as { workspaceId: number; successorId: number }),
  },
];
