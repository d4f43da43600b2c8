import type { JobDefinition } from '../../jobs/queue.js';
import {
  type BackupJobData,
  backupJobName,
  type RestoreJobData,
  requeueUnfinished,
  restoreJobName,
  runBackupJob,
  runRestoreJob,
  runVerifyJob,
  scheduleWeeklyBackups,
  verifyJobName,
} from './service.js';

/** The weekly automatic backup runs Sundays at 03:00 UTC, once across all processes. */
export const backupJobs: JobDefinition[] = [
  {
    name: backupJobName,
    memoryHeavy: true,
    handler: (data, deps) => runBackupJob(deps, data as BackupJobData),
    recover: requeueUnfinished,
  },
  {
    name: verifyJobName,
    memoryHeavy: true,
    handler: (data, deps) => runVerifyJob(deps, data as BackupJobData),
  },
  {
    name: restoreJobName,
    memoryHeavy: true,
    handler: (data, deps) => runRestoreJob(deps, data as RestoreJobData),
  },
  {
    name: 'backups.weekly',
    cron: '0 3 * * 0',
    handler: async (_data, deps) => {
      await scheduleWeeklyBackups(deps);
    },
  },
];
