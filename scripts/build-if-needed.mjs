// `npm start` (and the benchmarks) build the client and the server only when a build is missing or
// older than its sources. The server runs as one compiled file: under a TypeScript loader it would
// keep the loader and every module's source map in memory for its whole life.
// `--out <dir>` builds into <dir>/client and <dir>/server instead of dist/ (bench/startup).
import { execSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const outRoot = parseArgs({ options: { out: { type: 'string', default: 'dist' } } }).values.out;
const clientDir = path.join(outRoot, 'client');
const serverDir = path.join(outRoot, 'server');

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

function isStale(output, sources) {
  return !existsSync(output) || sources.some((s) => existsSync(s) && newestMtime(s) > statSync(output).mtimeMs);
}

if (isStale(path.join(clientDir, 'index.html'), ['src/client', 'src/domain', 'scripts', 'vite.config.ts', 'tsconfig.json', 'package.json'])) {
  console.log('Building the client...');
  execSync(`npx vite build --logLevel warn --outDir ${JSON.stringify(path.resolve(clientDir))} --emptyOutDir`, { stdio: 'inherit' });
}

const serverEntry = path.join(serverDir, 'main.js');

if (isStale(serverEntry, ['src/server', 'src/domain', 'tsconfig.json', 'package.json'])) {
  console.log('Building the server...');
  rmSync(serverDir, { recursive: true, force: true });
  await build({
    entryPoints: ['src/server/main.ts'],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies stay in node_modules: native modules and packages that read their own files need them there.
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The migrator reads its SQL files next to itself (src/server/db/ in development).
  cpSync('src/server/db/migrations', path.join(serverDir, 'migrations'), { recursive: true });
}
