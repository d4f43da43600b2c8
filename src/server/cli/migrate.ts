import { openDatabase } from '../boot.js';
import { loadConfig } from '../config.js';

const handles = await openDatabase(loadConfig(), { notice: console.log });
console.log('Migrations are up to date.');
await handles.stop();
