import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.js';
import { type DatabaseHandles, openDatabase } from './boot.js';
import { ConfigError, loadConfig } from './config.js';
import { startEmailServices } from './features/email/email-services.js';
import { jobDefinitions } from './features/index.js';
import { startProbeLoop } from './features/monitoring/index.js';
import { relaxHeapGrowth } from './heap.js';
import { createQueue } from './jobs/queue.js';
import { paymentsProviderFor } from './providers/payments/index.js';
import { demoCredentials, demoSignInEnabled, seedDemoWorkspace } from './seed/demo-workspace.js';

let handles: DatabaseHandles | undefined;

async function main(): Promise<void> {
  const started = Date.now();
  relaxHeapGrowth();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  handles = await openDatabase(config, { notice: (message) => console.log(`  ${message}`) });
  const database = handles;
  const queue = createQueue(database.ownerUrl);
  // The payment provider is chosen once here and handed to every feature that takes payments.
  const payments = paymentsProviderFor(config, database.database);
  const deps = { config, database: database.database, queue, payments };
  const seeded = config.SEED_DEMO ? await seedDemoWorkspace(deps) : false;
  const app = await buildApp(deps, { clientDir: path.resolve(config.CLIENT_DIR) });
  const background = { ...app.deps, database: database.backgroundDatabase };
  await queue.start(jobDefinitions, background);
  const stopEmailServices = await startEmailServices(background);
  const stopProbeLoop = startProbeLoop(background);
  const address = await app.listen({ port: config.PORT, host: config.HOST });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const log = app.log;
    log.info({ signal }, 'shutdown: stopping');
    const failed = await shutdownSteps(log, [
      // No new work: no probes (before the HTTP server, whose close closes their client), no requests,
      // no captured mail, no mailbox sync ticks.
      ['monitor probes stopped', stopProbeLoop],
      ['HTTP server closed', () => app.close()],
      ['email services stopped', stopEmailServices],
      // Running jobs finish or reach their checkpoint (an import commits batch by batch).
      ['job queue stopped', () => queue.stop()],
      [
        'database connections closed',
        () => Promise.all([database.database.close(), database.backgroundDatabase.close()]),
      ],
      ...(database.embedded ? [['PostgreSQL stopped', () => database.stopServer()] as const] : []),
    ]);
    log.info('shutdown: done');
    process.exit(failed ? 1 : 0);
  };
  // Before the banner: whoever reads it may signal at once, and an unhandled SIGTERM would kill us mid-work.
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const url = config.PUBLIC_URL ?? `http://localhost:${new URL(address).port}`;
  console.log(`\n  Business Hub is running at ${url}  (ready in ${Date.now() - started} ms)`);
  if (config.SEED_DEMO) {
    const created = seeded ? '  (demo workspace created)' : '';
    console.log(
      demoSignInEnabled(config)
        ? `  Demo sign-in: ${demoCredentials.email} / ${demoCredentials.password}${created}`
        : `  Demo workspace: no sign-in in production${created}`,
    );
  }
  console.log(`  API docs: ${url}/api/docs\n`);
}

/** Runs each step in order, logging it; a failing step is logged and the rest still run. */
async function shutdownSteps(
  log: FastifyBaseLogger,
  steps: ReadonlyArray<readonly [string, () => Promise<unknown>]>,
): Promise<boolean> {
  let failed = false;
  for (const [done, step] of steps) {
    try {
      await step();
      log.info(`shutdown: ${done}`);
    } catch (error) {
      failed = true;
      log.error({ err: error }, `shutdown: failed before "${done}"`);
    }
  }
  return failed;
}

main().catch(async (error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : `Start failed: ${String(error)}`);
  // A PostgreSQL this start launched must not outlive it.
  await handles?.stop().catch(() => {});
  process.exit(1);
});
