import { DrizzleQueryError } from 'drizzle-orm';

/** Fields of database errors that carry the query's values (pg, drizzle and pg-boss spellings). */
const valueFields = new Set(['params', 'parameters', 'values']);

/**
 * Drizzle puts every parameter of a failed query into the error's message and stack ("params: …"),
 * where password hashes, tokens and sealed secrets of a failed write would reach the log.
 */
function redactedMessage(error: Error): string {
  if (error instanceof DrizzleQueryError) {
    const count = Array.isArray(error.params) ? error.params.length : 0;
    return `Failed query: ${error.query}\nparams: [${count} redacted]`;
  }
  return error.message;
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * The log's `err` serializer: like pino's (type, message, stack, own fields, cause chain), without the
 * values of a failed query.
 */
export function serializeError(error: Error): SerializedError {
  return serializeWithin(error, 0);
}

function serializeWithin(error: Error, depth: number): SerializedError {
  const message = redactedMessage(error);
  const serialized: SerializedError = {
    type: error.constructor.name,
    message,
    stack: (error.stack ?? '').replace(error.message, () => message),
  };
  for (const [key, value] of Object.entries(error)) {
    if (valueFields.has(key) || key === 'cause') continue;
    // PostgreSQL's detail names the refused value: "Key (email)=(a@b.co) already exists."
    serialized[key] =
      key === 'detail' && typeof value === 'string' ? value.replace(/\)=\(.*\)/s, ')=(redacted)') : value;
  }
  const { cause } = error;
  if (cause !== undefined && depth < 5)
    serialized.cause = cause instanceof Error ? serializeWithin(cause, depth + 1) : cause;
  return serialized;
}
