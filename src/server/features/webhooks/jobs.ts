import type { JobDefinition } from '../../jobs/queue.js';
import { deliverJobDefinition } from './deliveries.js';

/** The webhooks' queue work: each delivery's attempts. */
export const webhookJobs: JobDefinition[] = [deliverJobDefinition as JobDefinition];
