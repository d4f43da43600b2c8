/**
 * bench/startup: a first start as a new user sees it. `npm install` builds the client and the server
 * (the `prepare` script); `npm start` then checks the build is current, initialises the embedded
 * PostgreSQL in an empty data folder, migrates, seeds the demo workspace and serves its first 200 from
 * GET /. A second start on the same data folder is the everyday start. Also the landing route's initial
 * JavaScript (gzip). The builds go to a folder of their own so a running checkout's dist/ is untouched.
 * Prints JSON.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { freePort, serverNodeArgs } from './support/start-server.js';

// Inside the project: the server bundle finds its packages in ./node_modules.
mkdirSync('dist', { recursive: true });
const outDir = mkdtempSync(path.join('dist', 'startup-bench-'));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hub-start-'));

function timedBuild(): number {
  const start = performance.now();
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs', '--out', outDir], {
    stdio: ['ignore', 2, 2],
  });
  return Math.round(performance.now() - start);
}

const installBuildMs = timedBuild();

/**
 * The scripts and modulepreloads the landing page's HTML loads before any lazy route chunk: the
 * prerendered English page a visitor of `/` gets, not the signed-in shell's index.html.
 */
function initialJavaScriptGzipBytes(dir: string): number {
  const html = readFileSync(path.join(dir, 'prerendered', 'en', 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dir, file))).length, 0);
}

/** `npm start`: the build check, then the server, to its first 200. */
async function timedStart(): Promise<number> {
  const checkMs = timedBuild();
  const port = await freePort();
  const serverStart = performance.now();
  // node itself (not npx) so the stop signal reaches the server.
  const child = spawn(process.execPath, serverNodeArgs(path.join(outDir, 'server', 'main.js')), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      SMTP_CAPTURE_PORT: '0',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: path.join(outDir, 'client'),
    },
    stdio: 'ignore',
  });
  let firstOkMs = -1;
  while (performance.now() - serverStart < 60_000) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.status === 200) {
        firstOkMs = Math.round(performance.now() - serverStart);
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return firstOkMs < 0 ? -1 : checkMs + firstOkMs;
}

const firstStartMs = await timedStart();
const everydayStartMs = await timedStart();

const gzipBytes = initialJavaScriptGzipBytes(path.join(outDir, 'client'));
console.log(
  JSON.stringify(
    {
      bench: 'startup',
      installBuildMs,
      firstNpmStartToFirst200Ms: firstStartMs,
      firstStartTargetMs: 10_000,
      everydayNpmStartToFirst200Ms: everydayStartMs,
      everydayStartTargetMs: 5_000,
      landingInitialJsGzipKB: Math.round(gzipBytes / 102.4) / 10,
      landingInitialJsTargetKB: 150,
      assets: readdirSync(path.join(outDir, 'client', 'assets')).length,
    },
    null,
    2,
  ),
);
rmSync(outDir, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
