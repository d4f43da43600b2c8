/**
 * docs/configuration.md documents exactly the environment variables src/server/config.ts reads. The reads
 * are recorded, not listed by hand: `loadConfig` is given an environment that notes every name asked of
 * it, so a variable added to, renamed in or removed from config.ts is seen here at once.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const docsPath = new URL('../../docs/configuration.md', import.meta.url);

/** The names `load` asks of its environment (NODE_ENV=test, so no secret key file is written). */
function variablesReadBy(load: (env: NodeJS.ProcessEnv) => unknown): string[] {
  const names = new Set<string>();
  const note = (key: string | symbol) => {
    if (typeof key === 'string' && /^[A-Z][A-Z0-9_]*$/.test(key)) names.add(key);
  };
  const values: Record<string, string> = { NODE_ENV: 'test' };
  const env = new Proxy(values, {
    get(target, key) {
      note(key);
      return typeof key === 'string' ? target[key] : undefined;
    },
    has(target, key) {
      note(key);
      return key in target;
    },
    getOwnPropertyDescriptor(target, key) {
      note(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
  load(env);
  return [...names].sort();
}

/** The variables of the doc's table rows (first cell a backticked NAME), in order, duplicates kept. */
function variablesDocumentedIn(markdown: string): string[] {
  const names: string[] = [];
  for (const line of markdown.split('\n')) {
    const match = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/.exec(line);
    if (match) names.push(match[1]);
  }
  return names;
}

/** Every backticked ENV_STYLE name anywhere in the doc (`DATA_DIR/secret-key` counts as DATA_DIR). */
function variablesMentionedIn(markdown: string): string[] {
  const names = new Set<string>();
  for (const code of markdown.matchAll(/`([^`]+)`/g))
    for (const name of code[1].matchAll(/(?<![A-Za-z0-9_])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![A-Za-z0-9_])/g))
      names.add(name[0]);
  return [...names].sort();
}

describe('docs/configuration.md', () => {
  const markdown = readFileSync(docsPath, 'utf8');
  const read = variablesReadBy(loadConfig);
  const documented = variablesDocumentedIn(markdown);

  it('finds the variables of config.ts', () => {
    // A guard against the parser silently finding nothing.
    expect(read.length).toBeGreaterThan(40);
    expect(read).toContain('DATABASE_URL');
    expect(read).toContain('SECRET_KEY');
  });

  it('documents every variable config.ts reads', () => {
    const missing = read.filter((name) => !documented.includes(name));
    expect(missing, 'read by config.ts but not in docs/configuration.md').toEqual([]);
  });

  it('documents no variable config.ts does not read', () => {
    const stale = documented.filter((name) => !read.includes(name));
    expect(stale, 'in docs/configuration.md but not read by config.ts').toEqual([]);
    const strayMentions = variablesMentionedIn(markdown).filter((name) => !read.includes(name));
    expect(strayMentions, 'named in docs/configuration.md but not read by config.ts').toEqual([]);
  });

  it('documents each variable once', () => {
    const twice = documented.filter((name, index) => documented.indexOf(name) !== index);
    expect(twice).toEqual([]);
  });

  it('records every key written in config.ts', () => {
    // A second look, from the source: the schema's keys sit at the object's first level of indentation.
    const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
    const schema = source.slice(source.indexOf('const configSchema'), source.indexOf('.superRefine('));
    const written = [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]).sort();
    expect(written.length).toBeGreaterThan(40);
    expect(written.filter((name) => !read.includes(name))).toEqual([]);
  });
});
