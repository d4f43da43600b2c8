import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCredentials, seedDemoWorkspace } from '../src/server/seed/demo-workspace.js';
import { ApiClient, createTestApp, type TestApp } from './test-app.js';

/**
 * The API document is what third-party tools read (issue "One product", §3): client generators fail on a
 * `$ref` that leads nowhere, and a client built from it must get what it promises. So: every reference
 * resolves, every operation declares its success answer, and every GET, asked on the seeded demo workspace,
 * answers with a declared status, in the declared media type, in the declared shape.
 * The whole document is also validated against the OpenAPI schema by @apidevtools/swagger-parser, as a
 * client generator would read it.
 */

type Schema = Record<string, unknown>;
interface Answer {
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}
interface Operation {
  responses?: Record<string, Answer>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

/** Every `$ref` in the document, with where it sits. */
function references(node: unknown, at = '#', found: { ref: string; at: string }[] = []) {
  if (Array.isArray(node))
    node.forEach((child, i) => {
      references(child, `${at}/${i}`, found);
    });
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push({ ref: value, at });
      else references(value, `${at}/${key}`, found);
    }
  return found;
}

function resolves(document: unknown, ref: string): boolean {
  if (!ref.startsWith('#/')) return false;
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== undefined;
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );

describe('the OpenAPI document', () => {
  it('has no reference that leads nowhere', () => {
    const refs = references(doc);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter(({ ref }) => !resolves(doc, ref))).toEqual([]);
  });

  it('declares the success answer of every operation (a redirect declares its 3xx)', () => {
    const undeclared = operations()
      .filter(({ operation }) => !Object.keys(operation.responses ?? {}).some((s) => /^[23]\d\d$/.test(s)))
      .map(({ method, path }) => `${method} ${path}`);
    expect(undeclared).toEqual([]);
  });

  it('gives every declared body a media type and a schema', () => {
    const bad: string[] = [];
    for (const { method, path, operation } of operations())
      for (const [status, answer] of Object.entries(operation.responses ?? {}))
        for (const [type, media] of Object.entries(answer.content ?? {}))
          if (!/^[\w.+-]+\/[\w.+-]+$/.test(type) || !media.schema)
            bad.push(`${method} ${path} ${status} ${type}`);
    expect(bad).toEqual([]);
  });

  it('declares the tracker as JavaScript and each download with its file type', () => {
    const types = (path: string) => Object.keys(doc.paths[path].get.responses?.['200']?.content ?? {});
    expect(types('/api/analytics/script.js')).toEqual(['application/javascript']);
    expect(types('/api/contacts/import-status/{jobId}/errors.csv')).toEqual(['text/csv']);
    expect(types('/api/backups/{id}/download')).toEqual(['application/gzip']);
    expect(types('/api/deployment-script/{appId}')).toEqual(['text/x-shellscript']);
    expect(types('/api/webhook-snippet/{appId}/download')).toEqual(['text/javascript']);
  });
});

describe('every GET answers as the document says', () => {
  it('on the seeded demo workspace: a declared status, media type and shape', async () => {
    await seedDemoWorkspace(t.app.deps);
    const client = new ApiClient(t.app);
    expect((await client.post('/api/auth/login', demoCredentials)).statusCode).toBe(200);

    // The components are added so `$ref`s resolve while validating.
    const ajv = new Ajv({ strict: false, allErrors: true });
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {}))
      ajv.addSchema(fromOpenApi(schema), `#/components/schemas/${name}`);

    const gets = operations().filter(
      ({ method, path }) => method === 'GET' && path.startsWith('/api/') && !path.startsWith('/api/docs'),
    );
    const answers = new Map<string, unknown>();
    const problems: string[] = [];
    let checked = 0;
    // Routes without parameters first, so a `/api/things/{id}` can take an id from `/api/things`.
    gets.sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')));
    for (const { path, operation } of gets) {
      const url = fillFromList(path, answers);
      const res = await client.get(url);
      const status = String(res.statusCode);
      const declared =
        operation.responses?.[status] ??
        operation.responses?.[`${status[0]}XX`] ??
        operation.responses?.default;
      if (!declared) {
        problems.push(`GET ${url}: ${status} is not declared`);
        continue;
      }
      const media = String(res.headers['content-type'] ?? '').split(';')[0];
      const body = res.body;
      if (!declared.content) {
        if (body !== '') problems.push(`GET ${url}: ${status} declares no body, sent ${body.length} bytes`);
        continue;
      }
      const schema = declared.content[media]?.schema;
      if (!schema) {
        problems.push(`GET ${url}: ${status} sent ${media}, declared ${Object.keys(declared.content)}`);
        continue;
      }
      checked += 1;
      if (media !== 'application/json') continue;
      const value = JSON.parse(body);
      if (status === '200') answers.set(path, value);
      const validate = ajv.compile(fromOpenApi(schema));
      if (!validate(value)) problems.push(`GET ${url}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});

/** `/api/things/{id}/…` with the first id `/api/things` answered, else 1 (its declared 404 is checked then). */
function fillFromList(path: string, answers: Map<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_whole, _name, offset: number) => {
    const list = answers.get(path.slice(0, offset - 1));
    const items = Array.isArray(list) ? list : Object.values((list ?? {}) as object).find(Array.isArray);
    const first = (items as { id?: unknown }[] | undefined)?.find((item) => item && typeof item === 'object');
    return String(first?.id ?? 1);
  });
}

/**
 * OpenAPI 3.0's dialect as the JSON Schema Ajv reads: `nullable: true` puts `null` among the types, and a
 * boolean `exclusiveMinimum`/`exclusiveMaximum` (draft 4) becomes the bound itself.
 */
function fromOpenApi(node: unknown): Schema {
  if (Array.isArray(node)) return node.map(fromOpenApi) as unknown as Schema;
  if (!node || typeof node !== 'object') return node as Schema;
  const { nullable, ...rest } = node as Schema;
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const)
    if (typeof rest[exclusive] === 'boolean') {
      if (rest[exclusive]) rest[exclusive] = rest[bound];
      else delete rest[exclusive];
      if (rest[exclusive] !== undefined) delete rest[bound];
    }
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, fromOpenApi(value)]));
  if (nullable !== true) return converted;
  if (typeof converted.type === 'string') return { ...converted, type: [converted.type, 'null'] };
  return { anyOf: [converted, { type: 'null' }] };
}

describe('the OpenAPI document, as third-party tools read it', () => {
  it('validates against the OpenAPI specification with swagger-parser', async () => {
    const validated = await SwaggerParser.validate(structuredClone(doc) as never);
    expect(Object.keys(validated.paths ?? {}).length).toBeGreaterThan(150);
  });
});
