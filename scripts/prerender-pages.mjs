// The prerender's half that runs beside the client build (scripts/prerender.ts): builds
// src/client/prerender.tsx for Node with the project's Vite config and writes every page's markup to
// <dir>/pages.json. A process of its own, so it uses the second core while the client build uses one.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    config: { type: 'string' },
    mode: { type: 'string' },
    // The page modules (under src/client) the public pages show, comma-separated.
    pages: { type: 'string' },
  },
});
const dir = path.resolve(values.dir);
const clientDir = path.resolve('src/client');
const pageModules = new Set(values.pages.split(',').map((file) => path.join(clientDir, file)));

/**
 * Screens no public page shows (signed-in ones, sign-in) are left out of the build, which then compiles
 * about half the modules: a feature's index imports its screens lazily, and only the public pages' are kept.
 * Were a left-out screen drawn, its import would fail the render.
 */
const publicScreensOnly = {
  name: 'public-screens-only',
  async resolveDynamicImport(specifier, importer) {
    if (typeof specifier !== 'string' || !/[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(importer ?? '')) return null;
    const resolved = await this.resolve(specifier, importer);
    if (!resolved || pageModules.has(resolved.id)) return null;
    return { id: specifier, external: true };
  },
};

await build({
  configFile: values.config,
  mode: values.mode,
  logLevel: 'warn',
  plugins: [publicScreensOnly],
  build: { ssr: 'prerender.tsx', outDir: dir, emptyOutDir: true, minify: false, copyPublicDir: false },
});
const { renderAll } = await import(pathToFileURL(path.join(dir, 'prerender.js')).href);
await writeFile(path.join(dir, 'pages.json'), JSON.stringify(await renderAll()));
// The rendered app leaves timers behind (query caches, the assistant's 30 s reuse): done is done.
process.exit(0);
