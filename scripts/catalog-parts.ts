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
import { clientPathAliases } from './path-aliases';


function sourceFile(candidate: string): string | null {
  const base = candidate.replace(/\.js$/, '');
  for (const file of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

function resolveImport(specifier: string, importer: string): string | null {
  const alias = Object.keys(clientPathAliases).find((name) => specifier.startsWith(`${name}/`));
  if (alias) return sourceFile(path.join(clientPathAliases[alias], specifier.slice(alias.length + 1)));
  if (specifier.startsWith('.')) return sourceFile(path.resolve(path.dirname(importer), specifier));
  return null; // A package: its strings are not ours.
}

type Names = Set<string> | 'all';

function exportedName(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === 'Identifier' ? String(node.name) : String(node.value);
}

/**
 * Our source files that load with `entries`, relative to `rootDir`: value imports followed through, and a
 * re-export (`export { x } from`) only for a name some importer asks for, as the bundler does with our
 * side-effect-free modules (vite.config.ts). `import type` and `import()` (lazy pages) are not followed.
 */
export function staticImportClosure(rootDir: string, entries: readonly string[]): Set<string> {
  const asked = new Map<string, Names>();
  const ask = (file: string, names: Names) => {
    if (names !== 'all' && names.size === 0) return; // Nothing used: the bundler leaves the module out.
    const before = asked.get(file);
    if (before === 'all') return;
    const merged: Names = names === 'all' ? 'all' : new Set([...(before ?? []), ...names]);
    if (before && merged !== 'all' && merged.size === before.size) return;
    asked.set(file, merged);
    visit(file, merged, !before);
  };
  const visit = (file: string, names: Names, isFirstVisit: boolean) => {
    const wants = (name: string) => names === 'all' || names.has(name);
    for (const node of parseSync(file, readFileSync(file, 'utf8')).program.body) {
      if (node.type === 'ImportDeclaration') {
        if (!isFirstVisit || node.importKind === 'type') continue;
        const target = resolveImport(String(node.source.value), file);
        if (!target) continue;
        const all = node.specifiers.some((spec) => spec.type === 'ImportNamespaceSpecifier');
        ask(
          target,
          all
            ? 'all'
            : new Set(
                node.specifiers.map((spec) =>
                  spec.type === 'ImportSpecifier' ? exportedName(spec.imported) : 'default',
                ),
              ),
        );
      } else if (node.type === 'ExportNamedDeclaration' && node.source && node.exportKind !== 'type') {
        const target = resolveImport(String(node.source.value), file);
        const wanted = node.specifiers.filter((spec) => wants(exportedName(spec.exported)));
        if (target && wanted.length) ask(target, new Set(wanted.map((spec) => exportedName(spec.local))));
      } else if (node.type === 'ExportAllDeclaration' && node.exportKind !== 'type') {
        const target = resolveImport(String(node.source.value), file);
        if (target) ask(target, node.exported ? (wants(exportedName(node.exported)) ? 'all' : new Set()) : names);
      }
    }
  };
  for (const entry of entries) ask(path.resolve(rootDir, entry), 'all');
  return new Set([...asked.keys()].map((file) => path.relative(rootDir, file)));
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
