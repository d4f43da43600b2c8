import type { JobDefinition } from '../../jobs/queue.js';
import { endOrRenewDueSubscriptions } from './service.js';

/**
 * Periods that are over: a minute sweep (once across all processes, by pg-boss's schedule) ends the
 * subscriptions set to cancel and renews the offline ones. Stripe's own events do the same for its
 * subscriptions when they arrive; whichever comes first wins, the other finds nothing to do.
 */
export const billingJobs: JobDefinition[] = [
  {
    name: 'billing.period-end',
    cron: '* * * * *',
    handler: async (_data, deps) => {
      const { ended, renewed } = await endOrRenewDueSubscriptions(deps);
      if (ended + renewed > 0) deps.log.info({ ended, renewed }, 'subscription periods closed');
    },
  },
];
