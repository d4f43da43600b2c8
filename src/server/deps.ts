import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Queue } from './jobs/queue.js';
import type { AiProvider } from './providers/ai/ai-provider.js';
import type { PaymentsProvider } from './providers/payments/payments-provider.js';

/** Everything a service or job needs from the outside, built once at start and passed down. */
export interface AppDeps {
  config: Config;
  database: Database;
  queue: Queue;
  log: FastifyBaseLogger;
  /** How cards are taken (Stripe or the offline test checkout), chosen from the config at start. */
  payments: PaymentsProvider;
  /** The AI text model from the config (OPENAI_BASE_URL); null = none, the offline defaults apply. */
  ai: AiProvider | null;
  /** The time, injectable so tests can move a 30-day wait along without sleeping; unset = the system clock. */
  clock?: () => Date;
}

export const now = (deps: Pick<AppDeps, 'clock'>): Date => deps.clock?.() ?? new Date();

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
