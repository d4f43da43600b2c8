import type { JobDefinition } from '../../jobs/queue.js';
import {
  buildJobName,
  evaluateJobName,
  queueWindowSweeps,
  recoverBuilds,
  runBuildJob,
  runEvaluateJob,
  runSweepSegmentJob,
  sweepJobName,
  sweepSegmentJobName,
} from './service.js';

/**
 * Evaluations (one contact against its workspace's segments) run side by side in batches: each is its
 * own transaction, taking turns only on the same contact. A build is one statement per segment.
 */
export const segmentJobs: JobDefinition[] = [
  {
    name: evaluateJobName,
    concurrency: 2,
    batchSize: 20,
    handler: (data, deps) => runEvaluateJob(deps, data as { workspaceId: number; contactId: number }),
    // An evaluation killed inside its transaction wrote nothing; run again, it writes the difference once.
    requeueActiveOnStart: true,
  },
  {
    name: buildJobName,
    handler: (data, deps) =>
      runBuildJob(deps, data as { workspaceId: number; segmentId: number; version: number }),
    recover: recoverBuilds,
  },
  { name: sweepJobName, cron: '23 3 * * *', handler: (_data, deps) => queueWindowSweeps(deps) },
  {
    name: sweepSegmentJobName,
    handler: (data, deps) =>
      runSweepSegmentJob(deps, data as { workspaceId: number; segmentId: number; after: number }),
  },
];
