import { openDatabase } from '../boot.js';
import { loadConfig } from '../config.js';
import { demoCredentials, demoSignInEnabled, seedDemoWorkspace } from '../seed/demo-workspace.js';

const config = loadConfig();
const handles = await openDatabase(config, { notice: console.log });
const created = await seedDemoWorkspace({ config, database: handles.database });
const signIn = demoSignInEnabled(config)
  ? `: ${demoCredentials.email} / ${demoCredentials.password}`
  : ' (no sign-in in production; set DEMO_SIGN_IN=true to allow it)';
console.log(created ? `Demo workspace created${signIn}` : `Demo workspace already exists${signIn}`);
await handles.stop();
