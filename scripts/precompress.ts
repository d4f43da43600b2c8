import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser downloads: worth compressing. Images and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible file of the build: the server sends them as
 * they are (`@fastify/static`'s `preCompressed`), so a page costs no CPU per request. What the first page
 * loads (`index.html` and the files it names) gets brotli's strongest level, which ADR 0010's budget counts;
 * the rest gets level 10, 1–2% larger for 40% of the time: level 11 on every file was 3.8 s of CPU in a
 * build that `npm start` waits for (issue 31's first start).
 * A compressed copy no smaller than the file is not written; the server then sends the file itself.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    // Not the prerender's build for Node (scripts/prerender.ts), which nobody downloads.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin's files (the service worker) are written, so those are compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const firstPage = await firstPageFiles(outDir);
        // The prerendered pages are written, and compressed, by scripts/prerender.ts.
        const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && compressible.test(entry.name))
          .filter((entry) => !path.relative(outDir, entry.parentPath).startsWith('prerendered'))
          .map((entry) => path.join(entry.parentPath, entry.name));
        await Promise.all(
          files.map((file) => compressBeside(file, firstPage.has(file) ? constants.BROTLI_MAX_QUALITY : 10)),
        );
      },
    },
  };
}

/** Writes `<file>.br` (at `brotliQuality`) and `<file>.gz`, each only if smaller than the file. */
export async function compressBeside(file: string, brotliQuality: number): Promise<void> {
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < body.length) await writeFile(`${file}.br`, br);
  if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
}

/** `index.html` and every file its tags name (`src="/…"`, `href="/…"`), as absolute paths. */
async function firstPageFiles(outDir: string): Promise<Set<string>> {
  const indexFile = path.join(outDir, 'index.html');
  const html = await readFile(indexFile, 'utf8').catch(() => '');
  const named = [...html.matchAll(/(?:src|href)="\/([^"?#]+)"/g)].map((m) => path.join(outDir, m[1] ?? ''));
  return new Set([indexFile, ...named]);
}
