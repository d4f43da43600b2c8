import type { JobDefinition } from '../../jobs/queue.js';
import { probeTickJobDefinition } from './probe.js';

/** The monitoring's queue work: the probes' tick, once a minute. */
export const monitoringJobs: JobDefinition[] = [probeTickJobDefinition];
