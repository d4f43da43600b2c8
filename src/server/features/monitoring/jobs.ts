import type { JobDefinition } from '../../jobs/queue.js';
import { probeTickJobDefinition } from './probe.js';

/** The monitoring's queue work: the minute's tick (pruning; the probes are the loop's, `startProbeLoop`). */
export const monitoringJobs: JobDefinition[] = [probeTickJobDefinition];
