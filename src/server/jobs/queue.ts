import PgBoss from 'pg-boss';
import type { AppDeps } from '../deps.js';

export interface JobDefinition<T extends object = object> {
  name: string;
  /** How many jobs of this queue run at once in this process. */
  concurrency?: number;
  retryLimit?: number;
  /** Runs the job on this cron schedule (UTC), once across all processes. */
  cron?: string;
  handler(data: T, deps: AppDeps): Promise<void>;
}

export interface Queue {
  send<T extends object>(name: string, data: T, options?: { singletonKey?: string }): Promise<string | null>;
  start(definitions: JobDefinition[], deps: AppDeps): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss keeps jobs in the same PostgreSQL (schema pgboss), so a restart loses none: a job that was
 * running when the process died is retried after its expiry. It connects as the owner because it
 * manages its own schema; handlers reach tenant data only through `withWorkspace`.
 */
export function createQueue(ownerUrl: string): Queue {
  const boss = new PgBoss({ connectionString: ownerUrl, schema: 'pgboss', max: 4 });
  let started: Promise<unknown> | null = null;
  const known = new Set<string>();
  const ensureStarted = () => {
    started ??= boss.start();
    return started;
  };
  const ensureQueue = async (name: string, retryLimit = 3) => {
    if (known.has(name)) return;
    await ensureStarted();
    if (!(await boss.getQueue(name)))
      await boss.createQueue(name, { name, retryLimit, expireInSeconds: 3600 });
    known.add(name);
  };
  return {
    async send(name, data, options) {
      await ensureQueue(name);
      return boss.send(name, data, options?.singletonKey ? { singletonKey: options.singletonKey } : {});
    },
    async start(definitions, deps) {
      boss.on('error', (error) => deps.log.error({ err: error }, 'queue error'));
      await ensureStarted();
      for (const def of definitions) {
        await ensureQueue(def.name, def.retryLimit);
        if (def.cron) await boss.schedule(def.name, def.cron);
        // pg-boss 10 runs one job per worker at a time; concurrency means several workers.
        for (let i = 0; i < (def.concurrency ?? 1); i++) {
          await boss.work(def.name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) =>
            def.handler(job.data as never, deps),
          );
        }
      }
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
