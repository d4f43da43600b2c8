import { AppError } from '@domain/app-error';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

interface Step {
  value: unknown;
  key: string | undefined;
  parent: Step | undefined;
}

function pathOf(step: Step | undefined): string[] {
  const path: string[] = [];
  for (let s = step; s?.key !== undefined; s = s.parent) path.push(s.key);
  return path.reverse();
}

/**
 * The path of the first string (or object key) PostgreSQL could not take, in document order.
 * Iterative and linear in the body's size (each step points to its parent), so neither a deeply
 * nested body nor a wide one can overflow the stack or stall the server.
 */
export function findUnstorableText(value: unknown): { path: string[]; inKey: boolean } | undefined {
  const stack: Step[] = [{ value, key: undefined, parent: undefined }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const node = step.value;
    if (typeof node === 'string') {
      if (!isStorableText(node)) return { path: pathOf(step), inKey: false };
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1)
        stack.push({ value: node[i], key: String(i), parent: step });
    } else if (isPlainObject(node)) {
      const keys = Object.keys(node);
      if (!keys.every(isStorableText)) return { path: pathOf(step), inKey: true };
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        stack.push({ value: node[keys[i]], key: keys[i], parent: step });
      }
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
    const field = found.path.join('.') || part;
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
