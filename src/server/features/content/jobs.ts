import type { AppDeps } from '../../deps.js';
import type { JobDefinition } from '../../jobs/queue.js';
import {
  type ContentJob,
  publishDueContent,
  publishDueJobName,
  publishIfDue,
  publishItemJobName,
  pushToWordpress,
  wordpressPushJobName,
} from './service.js';

export const contentJobs: JobDefinition[] = [
  {
    // One per scheduled item, not before its time; idempotent (it publishes only a still-scheduled, due item).
    name: publishItemJobName,
    retryLimit: 3,
    handler: (async (data: ContentJob, deps: AppDeps) => {
      await publishIfDue(deps, data);
    }) as JobDefinition['handler'],
  },
  {
    // Catches what a job missed (an item rescheduled earlier, a clock moved, a queue restored from backup).
    name: publishDueJobName,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async (_data, deps) => {
      await publishDueContent(deps);
    },
  },
  {
    name: wordpressPushJobName,
    retryLimit: 5,
    handler: ((data: ContentJob, deps: AppDeps) => pushToWordpress(deps, data)) as JobDefinition['handler'],
  },
];
