// `npm start` builds the client only when the build is missing or older than its sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const output = 'dist/client/index.html';
const sources = ['src/client', 'src/domain', 'vite.config.ts', 'package.json'];

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const isStale = !existsSync(output) || sources.some((s) => existsSync(s) && newestMtime(s) > statSync(output).mtimeMs);
if (isStale) {
  console.log('Building the client...');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
