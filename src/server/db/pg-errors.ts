/**
 * PostgreSQL's error codes the server acts on, read in one place. drizzle wraps a driver error in its
 * own (the driver's is its `cause`), and a raw `pg` query throws the driver's error itself: both are read.
 */
const codes = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  /** Also "no partition of relation found for row" (a partitioned table without the row's month). */
  checkViolation: '23514',
} as const;

export type PgErrorKind = keyof typeof codes;

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
}

function driverError(error: unknown): PgErrorFields | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const cause = (error as { cause?: unknown }).cause;
  if (typeof cause === 'object' && cause !== null && typeof (cause as PgErrorFields).code === 'string')
    return cause as PgErrorFields;
  return typeof (error as PgErrorFields).code === 'string' ? (error as PgErrorFields) : undefined;
}

/** True when `error` is PostgreSQL's `kind` of error, optionally on one named constraint. */
export function isPgError(error: unknown, kind: PgErrorKind, constraint?: string): boolean {
  const found = driverError(error);
  if (found?.code !== codes[kind]) return false;
  return constraint === undefined || found.constraint === constraint;
}
