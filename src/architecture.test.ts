import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The rules of DESIGN §3 that Biome cannot state: areas depend on each other without cycles (a file-level
 * cycle is Biome's `noImportCycles`; two areas can still need each other through different files), and
 * there is one way to open a transaction.
 */
const root = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

const importPattern =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The areas each area's files import at run time (type-only imports are erased, so they cannot cycle). */
function areaGraph(featuresDir: string, resolveArea: (file: string, spec: string) => string | null) {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(featuresDir)) {
    const area = path.relative(path.join(root, featuresDir), path.join(root, file)).split(path.sep)[0];
    if (!area.includes('.')) {
      const edges = graph.get(area) ?? new Set<string>();
      graph.set(area, edges);
      for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(importPattern)) {
        const target = resolveArea(file, match[1] ?? match[2]);
        if (target && target !== area) edges.add(target);
      }
    }
  }
  return graph;
}

const edgeCount = (graph: Map<string, Set<string>>) => [...graph.values()].reduce((n, e) => n + e.size, 0);

function cycles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (area: string) => {
    state.set(area, 'open');
    stack.push(area);
    for (const next of graph.get(area) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(area, 'done');
  };
  for (const area of graph.keys()) if (!state.has(area)) visit(area);
  return found;
}

describe('area dependencies', () => {
  it('server features depend on each other without a cycle', () => {
    const graph = areaGraph('src/server/features', (file, spec) => {
      const target = spec.startsWith('.') ? path.join(path.dirname(file), spec) : spec;
      return /src\/server\/features\/([^/]+)\//.exec(target)?.[1] ?? null;
    });
    expect(edgeCount(graph)).toBeGreaterThan(20);
    expect(cycles(graph)).toEqual([]);
  });

  it('client features depend on each other without a cycle', () => {
    const graph = areaGraph(
      'src/client/features',
      (_file, spec) => /^@client\/features\/([^/]+)/.exec(spec)?.[1] ?? null,
    );
    expect(edgeCount(graph)).toBeGreaterThan(20);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a planted cycle', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual(['a -> b -> c -> a']);
  });
});

describe('one way to open a transaction', () => {
  it('no code outside src/server/db opens a bare db.transaction', () => {
    const offenders = ['src', 'bench', 'test', 'e2e']
      .flatMap((dir) => sourceFiles(dir))
      .filter((file) => !file.startsWith(`src${path.sep}server${path.sep}db${path.sep}`))
      .filter((file) => /\bdb\s*\.\s*transaction\s*\(/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('one way to tell a failure', () => {
  it('every destructive toast goes through toastError', () => {
    const offenders = sourceFiles('src/client')
      .filter((file) => !file.endsWith(path.join('lib', 'error-toast.ts')))
      .filter((file) => /variant:\s*'destructive'/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('one way to show a date', () => {
  it('no client file outside src/client/i18n/format.ts formats a date or number with toLocale…String or its own Intl.DateTimeFormat', () => {
    const formatModule = path.join('src', 'client', 'i18n', 'format.ts');
    const pattern = /\.toLocale(?:Date|Time)?String\s*\(|\bIntl\s*\.\s*DateTimeFormat\s*\(/;
    const offenders = sourceFiles('src/client')
      .filter((file) => file !== formatModule)
      .filter((file) => pattern.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the check finds each way of formatting a date outside the module', () => {
    const pattern = /\.toLocale(?:Date|Time)?String\s*\(|\bIntl\s*\.\s*DateTimeFormat\s*\(/;
    for (const line of [
      'd.toLocaleDateString()',
      "n.toLocaleString('en-US')",
      'd.toLocaleTimeString([], {})',
      'new Intl.DateTimeFormat(locale)',
      'Intl.DateTimeFormat().format(d)',
    ])
      expect(line).toMatch(pattern);
    expect("formatDate(value, { dateStyle: 'medium' })").not.toMatch(pattern);
  });
});
