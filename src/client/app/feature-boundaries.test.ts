import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(root, 'node_modules/.bin/biome');

/** Each probe file imports one path; the test reads which ones the project's Biome rules refuse. */
const probes: { file: string; from: string; isRefused: boolean }[] = [
  { file: 'src/client/features/contacts/a.ts', from: '../websites/websites-api', isRefused: true },
  {
    file: 'src/client/features/contacts/b.ts',
    from: '@client/features/websites/websites-api',
    isRefused: true,
  },
  { file: 'src/client/features/contacts/c.ts', from: '@client/features/websites', isRefused: false },
  { file: 'src/client/features/contacts/d.ts', from: './contacts-api', isRefused: false },
  { file: 'src/client/features/contacts/e.ts', from: '@client/app/route-table', isRefused: true },
  { file: 'src/client/lib/f.ts', from: '@client/features/websites', isRefused: true },
  { file: 'src/client/app/g.ts', from: '@client/features/websites', isRefused: false },
  { file: 'src/server/features/auth/h.ts', from: '../members/store.js', isRefused: true },
  { file: 'src/server/features/location/i.ts', from: '../contacts/store.js', isRefused: true },
  { file: 'src/server/features/auth/j.ts', from: '../members/index.js', isRefused: false },
  { file: 'src/server/features/auth/j1.ts', from: '../members/service.js', isRefused: true },
  { file: 'src/server/features/auth/j2.ts', from: '../../features/members/store.js', isRefused: true },
  { file: 'src/server/features/auth/j3.ts', from: '@server/features/members/store.js', isRefused: true },
  { file: 'src/server/features/auth/j4.ts', from: '@server/features/members/index.js', isRefused: false },
  { file: 'src/client/features/contacts/r.ts', from: '@server/config', isRefused: true },
  { file: 'src/client/lib/s.ts', from: '../../server/features/auth/store.js', isRefused: true },
  { file: 'src/client/app/t.ts', from: '@server/features/auth/index.js', isRefused: true },
  { file: 'src/domain/u.ts', from: 'node:crypto', isRefused: true },
  { file: 'src/domain/v.ts', from: 'pg', isRefused: true },
  { file: 'src/domain/w.ts', from: 'drizzle-orm', isRefused: true },
  { file: 'src/domain/x.ts', from: 'zod', isRefused: false },
  { file: 'src/server/features/auth/k.ts', from: '../../http/session.js', isRefused: false },
  { file: 'src/server/features/auth/l.ts', from: './store.js', isRefused: false },
  { file: 'src/server/features/auth/m.ts', from: '../../../domain/roles.js', isRefused: true },
  { file: 'src/server/http/n.ts', from: '../../domain/roles.js', isRefused: true },
  { file: 'src/server/http/o.ts', from: '@domain/roles', isRefused: false },
  { file: 'src/domain/p.ts', from: '../server/config.js', isRefused: true },
  { file: 'src/domain/q.ts', from: '@client/lib/api', isRefused: true },
];

/** Files the other rules refuse whatever they import: a name that is not kebab-case, two files in a cycle. */
const ruleProbes: { file: string; text: string; category: string }[] = [
  {
    file: 'src/client/components/BadName.tsx',
    text: 'export const a = 1;\n',
    category: 'lint/style/useFilenamingConvention',
  },
  {
    file: 'src/server/features/auth/cycle-a.ts',
    text: "import { b } from './cycle-b.js';\n\nexport const a = () => b;\n",
    category: 'lint/suspicious/noImportCycles',
  },
  {
    file: 'src/server/features/auth/cycle-b.ts',
    text: "import { a } from './cycle-a.js';\n\nexport const b = () => a;\n",
    category: 'lint/suspicious/noImportCycles',
  },
];

let dir: string;
let refused: Set<string>;
let categoriesByFile: Map<string, Set<string>>;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const probe of probes) {
    mkdirSync(path.dirname(path.join(dir, probe.file)), { recursive: true });
    writeFileSync(path.join(dir, probe.file), `import { x } from '${probe.from}';\n\nexport const y = x;\n`);
  }
  for (const probe of ruleProbes) {
    mkdirSync(path.dirname(path.join(dir, probe.file)), { recursive: true });
    writeFileSync(path.join(dir, probe.file), probe.text);
  }
  let output: string;
  try {
    output = execFileSync(biome, ['lint', '--reporter=json', '--max-diagnostics=100', 'src'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    output = (error as { stdout: string }).stdout; // biome exits 1 when it finds errors
  }
  const report = JSON.parse(output) as {
    diagnostics: { category: string; location: { path: string } }[];
  };
  refused = new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => d.location.path),
  );
  categoriesByFile = new Map();
  for (const d of report.diagnostics) {
    const categories = categoriesByFile.get(d.location.path) ?? new Set<string>();
    categories.add(d.category);
    categoriesByFile.set(d.location.path, categories);
  }
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('feature boundaries (biome.json, run by npm test)', () => {
  it.each(ruleProbes)('$file is refused by $category', ({ file, category }) => {
    expect(categoriesByFile.get(file)).toContain(category);
  });

  it.each(probes)('$file importing $from: refused = $isRefused', ({ file, isRefused }) => {
    expect(refused.has(file)).toBe(isRefused);
  });
});
