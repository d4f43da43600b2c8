import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Queue } from './jobs/queue.js';

/** Everything a service or job needs from the outside, built once at start and passed down. */
export interface AppDeps {
  config: Config;
  database: Database;
  queue: Queue;
  log: FastifyBaseLogger;
  /** The time, injectable so tests can move a 30-day wait along without sleeping; unset = the system clock. */
  clock?: () => Date;
}

export const now = (deps: Pick<AppDeps, 'clock'>): Date => deps.clock?.() ?? new Date();

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
