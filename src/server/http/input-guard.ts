import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/app-error.js';

const unstorable = 'must not contain NUL characters or unpaired surrogates';
const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** PostgreSQL refuses NUL in text and unpaired surrogates in UTF-8 (and in jsonb): no query could take such a string. */
export function isStorableText(value: string): boolean {
  return !value.includes('\0') && !unpairedSurrogate.test(value);
}

// Parsed JSON and form bodies are plain objects; the router's params and the parsed query string are
// objects of a prototype-less class. Buffers, streams and dates are not walked.
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * The path of the first string (or object key) PostgreSQL could not take, in document order.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(
  value: unknown,
  root: string[] = [],
): { path: string[]; inKey: boolean } | undefined {
  const stack: Array<[unknown, string[]]> = [[value, root]];
  while (stack.length > 0) {
    const [node, path] = stack.pop() as [unknown, string[]];
    if (typeof node === 'string') {
      if (!isStorableText(node)) return { path, inKey: false };
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) stack.push([node[i], [...path, String(i)]]);
    } else if (isPlainObject(node)) {
      const entries = Object.entries(node);
      for (const [key] of entries) if (!isStorableText(key)) return { path, inKey: true };
      for (let i = entries.length - 1; i >= 0; i -= 1) stack.push([entries[i][1], [...path, entries[i][0]]]);
    }
  }
  return undefined;
}

function check(request: FastifyRequest): void {
  const parts: Array<[unknown, string]> = [
    [request.params, 'params'],
    [request.query, 'querystring'],
    [request.body, 'body'],
  ];
  for (const [value, part] of parts) {
    const found = findUnstorableText(value);
    if (!found) continue;
    const field = found.path.join('.') || (part === 'body' ? '(body)' : part);
    throw AppError.badRequest(field, found.inKey ? `field names ${unstorable}` : unstorable);
  }
}

/**
 * One check for every route, before its own validation: a string PostgreSQL cannot store gets a 400
 * naming the field instead of failing in a query. Raw bodies (buffers, streams) are left to their route.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => check(request));
}
