import type { JobDefinition } from '../../jobs/queue.js';
import { deliverJobDefinition } from './deliveries.js';
import { demoTrafficJobDefinition } from './demo-apps.js';
import { integrateJobDefinitions } from './integration.js';
import { probeTickJobDefinition } from './probe.js';

/** The operations console's queue work: deliveries, the monitor's tick, integrations and the demo apps' traffic. */
export const operationsJobs: JobDefinition[] = [
  deliverJobDefinition as JobDefinition,
  probeTickJobDefinition,
  ...integrateJobDefinitions,
  demoTrafficJobDefinition,
];
