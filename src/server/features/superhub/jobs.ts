import type { JobDefinition } from '../../jobs/queue.js';
import { demoTrafficJobDefinition } from './demo-apps.js';
import { integrateJobDefinitions } from './integration.js';

/** The superhub's queue work: integrations (and their acknowledgement timeouts) and the demo apps' traffic. */
export const superhubJobs: JobDefinition[] = [...integrateJobDefinitions, demoTrafficJobDefinition];
