import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The import aliases (`@domain/…`, `@client/…`, `@server/…`) are defined once, in tsconfig.json's `paths`:
 * tsc, tsx and esbuild (the server build) read them from there themselves; Vite, Vitest and the catalog
 * splitter get them from here, as `{ '@domain': '<repo>/src/domain', … }`.
 */
const rootDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function tsconfigPaths(): Record<string, string[]> {
  const tsconfig = JSON.parse(readFileSync(path.join(rootDir, 'tsconfig.json'), 'utf8'));
  return tsconfig.compilerOptions.paths;
}

export const pathAliases: Record<string, string> = Object.fromEntries(
  Object.entries(tsconfigPaths()).map(([pattern, [target]]) => {
    if (!pattern.endsWith('/*') || !target.endsWith('/*'))
      throw new Error(`tsconfig.json paths: only "<alias>/*": ["<dir>/*"] is supported, not ${pattern}`);
    return [pattern.slice(0, -2), path.resolve(rootDir, target.slice(0, -2))];
  }),
);

/** The aliases without the server's: the browser bundle cannot import server code by accident. */
export const clientPathAliases: Record<string, string> = Object.fromEntries(
  Object.entries(pathAliases).filter(([alias]) => alias !== '@server'),
);
