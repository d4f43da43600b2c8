import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { localBusinessPricing, noLocalAddons } from '../src/domain/pricing/local-business.js';
import { reossPricing } from '../src/domain/pricing/reoss.js';
import { ApiClient, addMember, signUpOwner, useTestApp } from './test-app.js';

/**
 * Bad input against every route of the OpenAPI document the app serves, signed out and signed in as an
 * owner whose workspace holds a real record behind every path id, so requests reach validation and the
 * handlers. Generation is deterministic: the same requests every run.
 */

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  minItems?: number;
  minLength?: number;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  /** OpenAPI form, e.g. /api/contacts/{id} */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

interface Variant {
  label: string;
  url: string;
  body?: string;
  contentType?: string;
}

/** JSON values put in every body field: NUL, lone surrogates, out-of-range numbers, wrong types. */
const fieldValues: unknown[] = [
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  2 ** 31,
  2 ** 53 + 1,
  1e308,
  -1,
  'not a number',
  {},
  [],
  null,
  // Nesting for the fields that take any JSON (stored as jsonb), as deep as JSON.stringify can write here.
  JSON.parse(`${'['.repeat(1_000)}${']'.repeat(1_000)}`),
];

/** Raw (already percent-encoded) values for query and path parameters. */
const rawValues = [
  '%00',
  'a%00b',
  '%ED%A0%80', // a lone high surrogate, encoded as CESU-8
  '%ED%B0%80', // a lone low surrogate
  '%FF',
  '2147483648',
  '9007199254740993',
  '1e308',
  '-1',
  '0',
  '1.5',
  'abc',
];

/** Whole bodies sent with a JSON content type to every write. */
const rawBodies: Array<{ label: string; body: string; contentType: string }> = [
  { label: 'empty JSON body', body: '', contentType: 'application/json' },
  { label: 'non-JSON body', body: '{"unterminated": ', contentType: 'application/json' },
  { label: 'JSON null', body: 'null', contentType: 'application/json' },
  { label: 'JSON array', body: '[]', contentType: 'application/json' },
  { label: 'JSON string', body: '"\\u0000"', contentType: 'application/json' },
  { label: 'NUL in a key', body: '{"\\u0000":"x"}', contentType: 'application/json' },
  { label: 'multipart without boundary', body: 'x', contentType: 'multipart/form-data' },
  { label: 'malformed multipart', body: '--b\r\nnope', contentType: 'multipart/form-data; boundary=b' },
];

/** Routes the document hides on purpose (the offline test checkout's HTML pages); fuzzed all the same. */
const hiddenOperations: Operation[] = [
  ['GET', '/api/checkout/test/{sessionId}'],
  ['POST', '/api/checkout/test/{sessionId}'],
  ['POST', '/api/checkout/test/{sessionId}/cancel'],
].map(([method, path]) => ({
  method,
  path,
  parameters: [{ in: 'path', name: 'sessionId', required: true, schema: { type: 'string' } }],
  body:
    method === 'POST' && !path.endsWith('/cancel')
      ? { type: 'object', properties: { cardNumber: { type: 'string' }, email: { type: 'string' } } }
      : undefined,
}));
// Scheduled reports' links in their mails (a signed token): public, hidden from the document.
hiddenOperations.push(
  ...[
    ['GET', '/api/r/u/{token}'],
    ['POST', '/api/r/u/{token}'],
    ['GET', '/api/r/confirm/{token}'],
    ['POST', '/api/r/confirm/{token}'],
  ].map(([method, path]) => ({
    method,
    path,
    parameters: [{ in: 'path' as const, name: 'token', required: true, schema: { type: 'string' } }],
  })),
);

const maxVariantsPerRoute = 120;

/** A plausible value for a schema, so that one bad field at a time reaches the deepest check. */
function sample(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]);
  switch (schema.type) {
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uri') return 'https://example.com/';
      if (schema.format === 'date-time') return '2030-01-01T00:00:00.000Z';
      return 'Fuzz'.padEnd(schema.minLength ?? 0, 'z');
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => sample(schema.items ?? {}));
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s)]));
    default:
      return 'Fuzz';
  }
}

/** Every field path in a body schema, objects and arrays included (to replace them by wrong types). */
function fieldPaths(schema: JsonSchema, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const paths: Array<Array<string | number>> = prefix.length > 0 ? [prefix] : [];
  if (schema.type === 'object') {
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      paths.push(...fieldPaths(child, [...prefix, key]));
    }
  } else if (schema.type === 'array' && schema.items) {
    paths.push(...fieldPaths(schema.items, [...prefix, 0]));
  }
  return paths;
}

function withValue(base: unknown, path: Array<string | number>, value: unknown): unknown {
  const root = structuredClone(base ?? {}) as Record<string | number, unknown>;
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = typeof key === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]] = value;
  return root;
}

/** Keeps at most `max` variants, spread evenly over the list (deterministic). */
function bounded<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const step = items.length / max;
  return Array.from({ length: max }, (_, i) => items[Math.floor(i * step)]);
}

function variantsFor(op: Operation, ids: Record<string, string>, validBodies: Record<string, unknown>) {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const idKey = op.path.slice(0, op.path.indexOf('{'));
  const validPath = (overrides: Record<string, string> = {}) =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => overrides[name] ?? ids[idKey] ?? '1');
  const baseQuery = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, encodeURIComponent(String(sample(p.schema)))]),
  );
  const url = (path: string, query: Record<string, string> = baseQuery) => {
    const qs = Object.entries(query)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    return qs ? `${path}?${qs}` : path;
  };
  const validBody = validBodies[`${op.method} ${op.path}`] ?? (op.body ? sample(op.body) : undefined);
  const json = (body: unknown) => ({ body: JSON.stringify(body), contentType: 'application/json' });
  const plain = validBody === undefined ? {} : json(validBody);

  const variants: Variant[] = [{ label: 'valid', url: url(validPath()), ...plain }];
  for (const p of pathParams) {
    for (const value of rawValues) {
      variants.push({ label: `path ${p.name}=${value}`, url: url(validPath({ [p.name]: value })), ...plain });
    }
  }
  for (const p of queryParams) {
    for (const value of [...rawValues, '']) {
      variants.push({
        label: `query ${p.name}=${value}`,
        url: url(validPath(), { ...baseQuery, [p.name]: value }),
        ...plain,
      });
    }
    variants.push({
      label: `query ${p.name} twice`,
      url: `${url(validPath(), { ...baseQuery, [p.name]: 'a' })}&${p.name}=b`,
      ...plain,
    });
  }
  if (op.body) {
    for (const path of fieldPaths(op.body)) {
      for (const value of fieldValues) {
        variants.push({
          label: `body ${path.join('.')}=${JSON.stringify(value).slice(0, 20)}`,
          url: url(validPath()),
          ...json(withValue(validBody, path, value)),
        });
      }
    }
    variants.push({ label: 'body {}', url: url(validPath()), ...json({}) });
  }
  if (op.method !== 'GET') {
    for (const raw of rawBodies) variants.push({ url: url(validPath()), ...raw });
  }
  return bounded(variants, maxVariantsPerRoute);
}
const t = useTestApp();

async function readOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** Deletions, cancellation and sign-out go last, so the records and session the others need still exist. */
function destructive(op: Operation): boolean {
  return op.method === 'DELETE' || op.path.endsWith('/cancel') || op.path === '/api/logout';
}

describe('fuzzing every route', () => {
  it('answers bad input on every route and method without a 5xx', async () => {
    const owner = await signUpOwner(t.app);
    const member = await addMember(t.app, owner, 'member');
    const client = owner.client;
    const created = async (url: string, body: unknown) => {
      const res = await client.post(url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
      return res.json();
    };
    const website = await created('/api/websites', { name: 'Fuzz', domain: 'fuzz.example.com' });
    const contact = await created('/api/contacts', { firstName: 'Fuzz', lastName: 'Contact' });
    const product = await created('/api/products', {
      websiteId: website.id,
      name: 'Fuzz',
      priceCents: 100,
      billing: 'monthly',
    });
    const invite = await created('/api/workspace/invites', {
      email: 'fuzz-invite@example.com',
      role: 'member',
    });
    const syncToken = await created('/api/iphone/sync-tokens', { name: 'Fuzz phone' });
    const importJob = await created('/api/contacts/import-csv', {
      csvData: 'First Name,Email\nAda,ada@example.com\n',
      filename: 'fuzz.csv',
    });
    const localSelection = {
      businessType: 'restaurant',
      exposureLevel: 'directory',
      zipCodes: '78701',
      naicsCode: 'other',
      addons: noLocalAddons,
    } as const;
    const localBody = { ...localSelection, pricing: localBusinessPricing(localSelection) };
    const checkout = await created('/api/local-business/checkout', localBody);
    const formBody = {
      name: 'Fuzz form',
      locale: 'en',
      fields: [{ key: 'email', label: 'Email', type: 'email', required: true, target: 'email' }],
      texts: {
        submit: 'Send',
        thankYou: 'Thanks',
        required: 'Required',
        invalid: 'Invalid',
        failed: 'Failed',
      },
    };
    const form = await created('/api/forms', formBody);
    const segmentBody = {
      name: 'Fuzz segment',
      match: 'all',
      conditions: [{ kind: 'tag', op: 'has', tag: 'vip' }],
    };
    const segment = await created('/api/segments', segmentBody);
    const members = (await client.get('/api/workspace/members')).json() as Array<{
      userId: number;
      email: string;
    }>;
    const memberId = members.find((m) => m.email === member.email)?.userId;

    // A real record behind every path id, by the route's path before its first parameter.
    const ids: Record<string, string> = {
      '/api/workspace/members/': String(memberId),
      '/api/workspace/invites/': String(invite.id),
      '/api/websites/': String(website.id),
      '/api/contacts/': String(contact.id),
      '/api/products/': String(product.id),
      '/api/iphone/sync-tokens/': String(syncToken.id),
      '/api/contacts/import-status/': String(importJob.jobId),
      '/api/checkout/test/': String(checkout.checkout_url).split('/').pop() ?? '',
      '/api/forms/': String(form.id),
      '/api/forms/public/': String(form.key),
      '/api/segments/': String(segment.id),
    };
    // Bodies the routes accept, so a single bad field is the only thing wrong with a request.
    const validBodies: Record<string, unknown> = {
      'POST /api/auth/signup': {
        firstName: 'Fuzz',
        lastName: 'Signup',
        email: 'fuzz-signup@example.com',
        password: 'correct-horse-battery',
        businessName: 'Fuzz Co',
      },
      'POST /api/auth/login': { email: 'fuzz-nobody@example.com', password: 'wrong-password' },
      'POST /api/auth/switch-workspace': { workspaceId: owner.workspaceId },
      'POST /api/websites': { name: 'Fuzz', domain: 'fuzz-two.example.com' },
      'PATCH /api/websites/{id}': { name: 'Fuzz' },
      'POST /api/contacts': { firstName: 'Fuzz', lastName: 'Contact' },
      'PATCH /api/contacts/{id}': { firstName: 'Fuzz' },
      'POST /api/products': { websiteId: website.id, name: 'Fuzz', priceCents: 100, billing: 'monthly' },
      'POST /api/local-business/checkout': localBody,
      'POST /api/reoss/checkout': {
        tier: 'basic',
        addons: [],
        pricing: (({ oneTime: _o, ...p }) => p)(reossPricing('basic', [])),
      },
      'POST /api/billing/checkout': { planId: 'professional', addonIds: [], totalCents: 14900 },
      'POST /api/stripe/create-checkout-session': { priceId: 'price_plan_professional_monthly' },
      'POST /api/iphone/sync': {
        type: 'contacts',
        data: [{ firstName: 'Fuzz', lastName: 'Phone', phone: '+1 512 555 0100', email: '', company: '' }],
        authToken: syncToken.token,
      },
      'POST /api/contacts/import-csv': { csvData: 'First Name\nAda\n', filename: 'fuzz.csv' },
      'POST /api/checkout/test/{sessionId}': { cardNumber: '4000 0000 0000 0002', email: '' },
      'POST /api/forms': formBody,
      'PATCH /api/forms/{id}': { name: 'Fuzz form' },
      'PUT /api/forms/{id}/ab-test': {
        variants: [
          { headline: 'A', submitLabel: 'Go' },
          { headline: 'B', submitLabel: 'Send' },
        ],
      },
      'POST /api/segments': segmentBody,
      'PATCH /api/segments/{id}': { name: 'Fuzz segment' },
      'POST /api/forms/public/{key}/submissions': { token: '1.x', answers: { email: 'fuzz@example.com' } },
      'POST /api/analytics/identify': {
        websiteId: website.id,
        visitor: { ip: '203.0.113.9', userAgent: 'Fuzz checkout' },
        email: 'fuzz-buyer@example.com',
        source: 'checkout',
      },
    };

    const operations = [...(await readOperations(t.app)), ...hiddenOperations];
    expect(operations.length).toBeGreaterThan(50);
    operations.sort((a, b) => Number(destructive(a)) - Number(destructive(b)));

    const failures: string[] = [];
    let sent = 0;
    const send = async (op: Operation, variant: Variant, cookie: string | undefined) => {
      const request: InjectOptions = {
        method: op.method as 'GET',
        url: variant.url,
        // Not the address the owner signs in from: the fuzzed sign-ins may rate-limit this one.
        remoteAddress: '198.51.100.7',
        headers: {
          host: 'localhost',
          origin: 'http://localhost',
          ...(cookie ? { cookie } : {}),
          ...(variant.contentType ? { 'content-type': variant.contentType } : {}),
        },
        payload: variant.body,
      };
      const res = await t.app.inject(request);
      sent += 1;
      if (res.statusCode >= 500) {
        failures.push(
          `${cookie ? 'owner' : 'anonymous'} ${op.method} ${op.path} [${variant.label}] -> ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
      }
    };
    // Signing out ends the session it is sent with; give each of those requests a session of its own.
    const ownerCookie = async (op: Operation) => {
      if (op.path !== '/api/logout') return client.cookie;
      const fresh = new ApiClient(t.app);
      const res = await fresh.post('/api/auth/login', { email: owner.email, password: owner.password });
      expect(res.statusCode).toBe(200);
      return fresh.cookie;
    };

    for (const op of operations) {
      for (const variant of variantsFor(op, ids, validBodies)) {
        await send(op, variant, undefined);
        await send(op, variant, await ownerCookie(op));
      }
    }
    console.log(`fuzz: ${sent} requests over ${operations.length} routes, ${failures.length} answered 5xx`);
    expect(failures).toEqual([]);
  }, 300_000); // thousands of requests, growing with every route added: its own budget
});
