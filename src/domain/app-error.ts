import { z } from 'zod';
import type { MessageValues, ServerMessage, ServerMessageId } from './messages.js';

/**
 * The one error type shared by server and client. `userMessage` is safe to show;
 * `message` may carry internal detail for logs. Built from a catalogued `ServerMessage`
 * (src/domain/messages.ts), it also carries `messageId` + `values` so the client can show it translated.
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

export const fieldIssueSchema = z.object({
  /** The field, dotted for nested ones (`address.zip`, `tags.2`), or `(body)` when the whole input is wrong. */
  path: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/**
 * What every error answer of the API carries (the server's error handler writes it, every route declares it,
 * the client's `ApiError` reads it). `code` is an `AppErrorCode` for the errors the services raise, or one the
 * framework gives (`too_large`, `internal`, ...), so it stays a string here.
 */
export const appErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  messageId: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  issues: z.array(fieldIssueSchema).optional(),
});
export type AppErrorBody = z.infer<typeof appErrorBodySchema>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly userMessage: string;
  readonly issues?: FieldIssue[];
  readonly messageId?: ServerMessageId;
  readonly values?: MessageValues;

  constructor(
    code: AppErrorCode,
    userMessage: string | ServerMessage,
    options: { internal?: string; issues?: FieldIssue[]; fieldPrefix?: string } = {},
  ) {
    const text = typeof userMessage === 'string' ? userMessage : userMessage.text;
    const shown = options.fieldPrefix ? `${options.fieldPrefix}: ${text}` : text;
    super(options.internal ?? shown);
    this.code = code;
    this.status = statusByCode[code];
    this.userMessage = shown;
    this.issues = options.issues;
    if (typeof userMessage !== 'string') {
      this.messageId = userMessage.id;
      this.values = userMessage.values;
    }
  }

  /** Its catalogued message (id, values, English text) to store beside a record; null when it has none. */
  catalogued(): ServerMessage | null {
    return this.messageId ? { id: this.messageId, values: this.values, text: this.userMessage } : null;
  }

  /**
   * The line to store for a failure: an AppError's catalogued words, else `fallback`. Any other error's own
   * message may name internals (a query, a path), so callers log it and the user reads the generic line.
   */
  static storedLine(error: unknown, fallback: ServerMessage): ServerMessage {
    return (error instanceof AppError && error.catalogued()) || fallback;
  }

  /** A 400 naming the field: its message reads "<field>: <text>" (the client translates only the text). */
  static badRequest(field: string, message: string | ServerMessage): AppError {
    const text = typeof message === 'string' ? message : message.text;
    return new AppError('bad_request', message, {
      issues: [{ path: field, message: text }],
      fieldPrefix: field,
    });
  }
}
