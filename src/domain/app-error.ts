/**
 * The one error type shared by server and client. `userMessage` is safe to show;
 * `message` may carry internal detail for logs.
 */
export type AppErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'payment_required'
  | 'unavailable';

const statusByCode: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  payment_required: 402,
  unavailable: 503,
};

export interface FieldIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly userMessage: string;
  readonly issues?: FieldIssue[];

  constructor(
    code: AppErrorCode,
    userMessage: string,
    options: { internal?: string; issues?: FieldIssue[] } = {},
  ) {
    super(options.internal ?? userMessage);
    this.code = code;
    this.status = statusByCode[code];
    this.userMessage = userMessage;
    this.issues = options.issues;
  }

  static badRequest(field: string, message: string): AppError {
    return new AppError('bad_request', `${field}: ${message}`, { issues: [{ path: field, message }] });
  }

  static notFound(what: string): AppError {
    return new AppError('not_found', `${what} not found`);
  }
}
