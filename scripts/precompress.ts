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
 * Writes `<file>.br` and `<file>.gz` next to every compressible file of the build, at the strongest levels:
 * the server sends them as they are (`@fastify/static`'s `preCompressed`), so a page costs no CPU per
 * request and its transferred size is the smallest we can make it (ADR 0010's budget counts those bytes).
 * A compressed copy no smaller than the file is not written; the server then sends the file itself.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin's files (the service worker) are written, so those are compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && compressible.test(entry.name))
          .map((entry) => path.join(entry.parentPath, entry.name));
        await Promise.all(
          files.map(async (file) => {
            const body = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
              gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < body.length) await writeFile(`${file}.br`, br);
            if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}
