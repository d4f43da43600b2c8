import type { JobDefinition } from '../../jobs/queue.js';
import { deliverJobDefinition } from './deliveries.js';
import { endpointNoticeJobDefinition } from './endpoint-accounts.js';

/** The webhooks' queue work: each delivery's attempts, and the notice mail of an endpoint failing for a day. */
export const webhookJobs: JobDefinition[] = [
  deliverJobDefinition as JobDefinition,
  endpointNoticeJobDefinition as JobDefinition,
];
