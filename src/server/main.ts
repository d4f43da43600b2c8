import path from 'node:path';
import { buildApp } from './app.js';
import { openDatabase } from './boot.js';
import { ConfigError, loadConfig } from './config.js';
import { startEmailServices } from './features/email/email-services.js';
import { jobDefinitions } from './features/index.js';
import { createQueue } from './jobs/queue.js';
import { demoCredentials, seedDemoWorkspace } from './seed/demo-workspace.js';

async function main(): Promise<void> {
  const started = Date.now();
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
  const handles = await openDatabase(config);
  const queue = createQueue(handles.ownerUrl);
  const deps = { config, database: handles.database, queue };
  const seeded = config.SEED_DEMO ? await seedDemoWorkspace(deps) : false;
  const app = await buildApp(deps, { clientDir: path.resolve(config.CLIENT_DIR) });
  await queue.start(jobDefinitions, app.deps);
  const stopEmailServices = await startEmailServices(app.deps);
  const address = await app.listen({ port: config.PORT, host: config.HOST });

  const url = config.PUBLIC_URL ?? `http://localhost:${new URL(address).port}`;
  console.log(`\n  Business Hub is running at ${url}  (ready in ${Date.now() - started} ms)`);
  if (config.SEED_DEMO) {
    console.log(
      `  Demo sign-in: ${demoCredentials.email} / ${demoCredentials.password}${seeded ? '  (demo workspace created)' : ''}`,
    );
  }
  console.log(`  API docs: ${url}/api/docs\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await stopEmailServices();
    await app.close();
    await queue.stop();
    await handles.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
