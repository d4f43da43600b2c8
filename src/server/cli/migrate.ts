import { openDatabase } from '../boot.js';
import { loadConfig } from '../config.js';

const handles = await openDatabase(loadConfig());
console.log('Migrations are up to date.');
await handles.stop();
