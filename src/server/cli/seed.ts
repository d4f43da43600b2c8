import { openDatabase } from '../boot.js';
import { loadConfig } from '../config.js';
import { demoCredentials, seedDemoWorkspace } from '../seed/demo-workspace.js';

const config = loadConfig();
const handles = await openDatabase(config);
const created = await seedDemoWorkspace({ config, database: handles.database });
console.log(
  created
    ? `Demo workspace created: ${demoCredentials.email} / ${demoCredentials.password}`
    : 'Demo workspace already exists.',
);
await handles.stop();
