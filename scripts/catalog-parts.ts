import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  createCompilationErrorMessage,
  createCompiledCatalog,
  createMissingErrorMessage,
  getCatalogForFile,
  getCatalogs,
} from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { type Plugin, parseSync } from 'vite';

const aliases: Record<string, string> = { '@client/': 'src/client/', '@domain/': 'src/domain/' };

function sourceFile(candidate: string): string | null {
  const base = candidate.replace(/\.js$/, '');
  for (const file of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

function resolveImport(specifier: string, importer: string, rootDir: string): string | null {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  if (alias) return sourceFile(path.join(rootDir, aliases[alias], specifier.slice(alias.length)));
  if (specifier.startsWith('.')) return sourceFile(path.resolve(path.dirname(importer), specifier));
  return null; // A package: its strings are not ours.
}

/**
 * Our source files that load with `entries`, relative to `rootDir`: value imports and re-exports, followed
 * through; `import type` and `import()` (lazy pages) are not.
 */
export function staticImportClosure(rootDir: string, entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const relative = path.relative(rootDir, file);
    if (seen.has(relative)) return;
    seen.add(relative);
    for (const node of parseSync(file, readFileSync(file, 'utf8')).program.body) {
      const isValueImport =
        (node.type === 'ImportDeclaration' && node.importKind !== 'type') ||
        ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') &&
          node.exportKind !== 'type' &&
          node.source);
      if (!isValueImport || !node.source) continue;
      const target = resolveImport(String(node.source.value), file, rootDir);
      if (target) visit(target);
    }
  };
  for (const entry of entries) visit(path.resolve(rootDir, entry));
  return seen;
}

const partQuery = /^(.*\.po)\?(first-paint|later)$/;

/**
 * Compiles each locale's catalog in two parts (ADR 0010): `<locale>.po?first-paint`, the messages whose
 * source files load with `firstPaint` (the shell and the landing page), and `<locale>.po?later`, all
 * others. The first page downloads only the first part. Like `@lingui/vite-plugin`, a build fails on a
 * message a shipped locale does not translate or that does not compile.
 */
export function catalogParts({ firstPaint }: { firstPaint: readonly string[] }): Plugin {
  const config = getConfig();
  const { rootDir = process.cwd(), pseudoLocale, sourceLocale = 'en', fallbackLocales = {} } = config;
  let firstPaintIds: Promise<Set<string>> | null = null;

  async function messageIdsOf(files: Set<string>): Promise<Set<string>> {
    const [catalog] = await getCatalogs(config);
    const source = (await catalog.read(sourceLocale)) ?? {};
    return new Set(
      Object.entries(source)
        .filter(([, entry]) => entry.origin?.some(([file]) => files.has(file)))
        .map(([id]) => id),
    );
  }

  return {
    name: 'catalog-parts',
    buildStart() {
      firstPaintIds = null;
    },
    async transform(_code, id) {
      const match = partQuery.exec(id);
      if (!match) return null;
      const [, file = '', part] = match;
      this.addWatchFile(file);
      const found = getCatalogForFile(path.relative(rootDir, file), await getCatalogs(config));
      if (!found) throw new Error(`${file} is not one of lingui.config's catalogs`);
      const { locale, catalog } = found;
      const { messages, missing } = await catalog.getTranslations(locale, { fallbackLocales, sourceLocale });
      if (locale !== pseudoLocale && missing.length > 0) {
        throw new Error(createMissingErrorMessage(locale, missing, 'loader'));
      }
      firstPaintIds ??= messageIdsOf(staticImportClosure(rootDir, firstPaint));
      const first = await firstPaintIds;
      const wanted = Object.fromEntries(
        Object.entries(messages).filter(([messageId]) => first.has(messageId) === (part === 'first-paint')),
      );
      const { source, errors } = createCompiledCatalog(locale, wanted, {
        namespace: 'es',
        pseudoLocale,
      });
      if (errors.length) throw new Error(createCompilationErrorMessage(locale, errors));
      return { code: source, map: null, moduleType: 'js' };
    },
  };
}
