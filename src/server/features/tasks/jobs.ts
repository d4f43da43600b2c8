import type { JobDefinition } from '../../jobs/queue.js';
import { fireDueReminders, reminderMailJobName, sendReminderMail } from './service.js';

/**
 * Reminders: a minute sweep fires the due ones (once across all processes, by pg-boss's schedule) and
 * queues each mail in the same transaction; the mail job is a row in pgboss.job until it succeeds, so a
 * kill -9 delays a reminder's mail but never loses it.
 */
export const taskJobs: JobDefinition[] = [
  {
    name: 'tasks.reminders',
    cron: '* * * * *',
    handler: async (_data, deps) => {
      await fireDueReminders(deps);
    },
  },
  {
    name: reminderMailJobName,
    handler: (data, deps) => sendReminderMail(deps, data as { workspaceId: number; taskId: number }),
  },
];
