import type { JobDefinition } from '../../jobs/queue.js';
import {
  recoverPendingSends,
  runScheduleTick,
  scheduleConfirmJobName,
  scheduleSendJobName,
  sendConfirmationMail,
  sendScheduledReport,
} from './schedules.js';

/**
 * Scheduled reports: the minute tick (once across all processes, by pg-boss's schedule) records the due
 * sends and queues them in one transaction; a send job is a row in pgboss.job until it succeeds, and at
 * start the unsent rows are queued again, so a kill -9 delays a mail but never loses it.
 */
export const reportJobs: JobDefinition[] = [
  {
    name: 'reports.schedule-tick',
    cron: '* * * * *',
    handler: async (_data, deps) => {
      await runScheduleTick(deps);
    },
  },
  {
    name: scheduleSendJobName,
    concurrency: 4,
    handler: (data, deps) => sendScheduledReport(deps, data as { workspaceId: number; sendId: number }),
    recover: recoverPendingSends,
  },
  {
    name: scheduleConfirmJobName,
    handler: (data, deps) => sendConfirmationMail(deps, data as { workspaceId: number; recipientId: number }),
  },
];
