import type { AppErrorBody, FieldIssue } from '@domain/app-error';
import type { MessageValues, ServerMessageId } from '@domain/messages';
import { msg } from '@lingui/core/macro';
import type { QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';
import { i18n } from '../i18n/i18n';
import { isOffline } from './online';

/** What an error answer says, as far as it is the server's AppError JSON. */
interface ErrorDetails {
  body: Partial<AppErrorBody>;
  /** A message id this client knows, with its English text (its id in the translation catalogs). */
  catalogued: { id: ServerMessageId; text: string } | null;
  /** Shows a field issue's English text in the user's language (`fieldMessage`). */
  translateIssue: (text: string) => string;
}

const unreadable: ErrorDetails = { body: {}, catalogued: null, translateIssue: (text) => text };

/**
 * Any body a server or proxy may answer with: only the fields that parse are kept. The contract's schema,
 * the server's message catalogue and `fieldMessage` load with the first error answer, not with the page, so
 * none of them weighs on the landing page (ADR 0010).
 */
async function readErrorDetails(text: string): Promise<ErrorDetails> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return unreadable; // Not JSON (a proxy's page, a bare status text): the text itself is the message.
  }
  try {
    const [{ appErrorBodySchema }, { isServerMessageId, serverMessages }, { fieldMessage }] =
      await Promise.all([
        import('@domain/app-error'),
        import('@domain/messages'),
        import('../i18n/field-message'),
      ]);
    const parsed = appErrorBodySchema.partial().safeParse(json);
    if (!parsed.success) return unreadable;
    const { messageId } = parsed.data;
    const catalogued = isServerMessageId(messageId)
      ? { id: messageId, text: serverMessages[messageId] }
      : null;
    return { body: parsed.data, catalogued, translateIssue: fieldMessage };
  } catch {
    return unreadable; // Their chunk did not load (offline, a new deploy): the text stays the message.
  }
}

/** Field issues as the server's error handler lists them in a 400's message. */
const listIssues = (issues: FieldIssue[]) => issues.map((i) => `${i.path}: ${i.message}`).join('; ');

/**
 * A non-OK answer. Its `message` reads "<status>: <body or status text>" as spec 000 §7 requires; the
 * server's AppError JSON (src/domain/app-error.ts) is read into fields, so callers test `status`, `code`
 * and `issues` instead of the text.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The AppError code (`bad_request`, `conflict`, ...), null when the body was not the server's JSON. */
  readonly code: string | null;
  /** The server's user-safe English message, or the body text when there is none. */
  readonly userMessage: string;
  /** The server's message id when this client knows it (it can show it translated), else null. */
  readonly messageId: ServerMessageId | null;
  readonly values: MessageValues;
  /** The fields the server refused, by path (`email`, `address.zip`). */
  readonly issues: FieldIssue[];
  /** The English text of `messageId`: its id in the translation catalogs. */
  readonly #catalogued: string | null;
  readonly #translateIssue: (text: string) => string;

  /** `details` is the text already read as the server's error JSON; `ApiError.read` does both. */
  constructor(status: number, text: string, { body, catalogued, translateIssue }: ErrorDetails = unreadable) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? null;
    this.userMessage = body.message ?? text;
    this.messageId = catalogued?.id ?? null;
    this.#catalogued = catalogued?.text ?? null;
    this.#translateIssue = translateIssue;
    this.values = body.values ?? {};
    this.issues = body.issues ?? [];
  }

  /**
   * A request that was not sent because the browser is offline (a write), or that neither the network nor
   * the offline copy could answer (a read). Status 0: no server answered.
   */
  static offline(request: 'write' | 'read'): ApiError {
    const text = i18n._(request === 'write' ? offlineWrite : offlineRead);
    return new ApiError(0, text, { ...unreadable, body: { code: 'offline', message: text } });
  }

  /** The error of an answer with this status and body text. */
  static async read(status: number, text: string): Promise<ApiError> {
    return new ApiError(status, text, await readErrorDetails(text));
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    return ApiError.read(response.status, (await response.text()) || response.statusText);
  }

  /**
   * The refused fields for inline form errors, in the user's language: a catalogued message names its
   * one field, so that field shows the translation; a schema's message (a 400 from zod) carries its English
   * text, the catalog id `fieldMessage` translates; other issues stay as the server wrote them.
   */
  fieldIssues(): FieldIssue[] {
    if (this.#catalogued && this.issues.length === 1) {
      return [{ path: this.issues[0].path, message: i18n._(this.#catalogued, this.values) }];
    }
    return this.issues.map(({ path, message }) => ({ path, message: this.#translateIssue(message) }));
  }

  /**
   * The user-safe message in the user's language when the server names it, keeping a "<field>: " prefix;
   * a 400 that lists its field issues ("name: Name is required; email: …") lists them translated.
   */
  translatedMessage(): string {
    if (!this.#catalogued) {
      const listed = this.issues.length > 0 && listIssues(this.issues) === this.userMessage;
      return listed ? listIssues(this.fieldIssues()) : this.userMessage;
    }
    const field = this.issues.length === 1 ? `${this.issues[0].path}: ` : '';
    const prefix = field && this.userMessage.startsWith(field) ? field : '';
    return prefix + i18n._(this.#catalogued, this.values);
  }
}

const offlineWrite = msg`You are offline, so this change was not saved. Try again when you are back online.`;
const offlineRead = msg`Not available offline.`;

/**
 * Offline, a write is refused before it is sent (the user reads why, the form keeps what they typed): it is
 * never queued to be sent later behind their back. Every request that changes data calls this first.
 */
export function refuseWriteOffline(method: string): void {
  if (method !== 'GET' && method !== 'HEAD' && isOffline()) throw ApiError.offline('write');
}

/** `fetch` with the offline cases as ApiErrors (the service worker answers the reads it kept). */
async function send(url: string, init: RequestInit & { method: string }): Promise<Response> {
  refuseWriteOffline(init.method);
  try {
    return await fetch(url, init);
  } catch (error) {
    if (init.method === 'GET' && isOffline()) throw ApiError.offline('read');
    throw error;
  }
}

/**
 * The one request helper (spec 000 §7): session cookie always, JSON body only when given,
 * and any non-OK answer becomes an ApiError.
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await send(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  if (!response.ok) throw await ApiError.fromResponse(response);
  return response;
}

/**
 * An answer's contract: its schema from src/domain/<area>, or a function that imports it. The screens of the
 * first page pass the function (with `import type` for the inferred types), so zod and the schemas load only
 * in development, where answers are checked (ADR 0010).
 */
export type AnswerSchema<S extends z.ZodType> = S | (() => Promise<S>);

/**
 * The answer's JSON as its contract (src/domain/<area>) types it. In development it is parsed with the schema,
 * so a server that drifts from the contract fails loudly where the data arrives.
 */
export async function readJson<S extends z.ZodType>(
  response: Response,
  schema: AnswerSchema<S>,
): Promise<z.output<S>> {
  const data: unknown = await response.json();
  if (!import.meta.env.DEV) return data as z.output<S>;
  return (typeof schema === 'function' ? await schema() : schema).parse(data);
}

/** A request whose JSON answer follows `schema`. */
export async function requestJson<S extends z.ZodType>(
  schema: AnswerSchema<S>,
  method: string,
  url: string,
  data?: unknown,
): Promise<z.output<S>> {
  return readJson(await apiRequest(method, url, data), schema);
}

/** The query function of a cached read whose answer follows `schema`: GETs the first element of the key. */
export function queryWith<S extends z.ZodType>(schema: AnswerSchema<S>): QueryFunction<z.output<S>> {
  return ({ queryKey }) => requestJson(schema, 'GET', String(queryKey[0]));
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The cached-read fetcher: GETs the first element of the query key and parses JSON. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T> => {
    const response = await send(String(queryKey[0]), { method: 'GET', credentials: 'include' });
    if (options.on401 === 'returnNull' && response.status === 401) return null as T;
    if (!response.ok) throw await ApiError.fromResponse(response);
    return (await response.json()) as T;
  };
}

/** The server's user-safe message of a failed request, translated when the server names it, for toasts and forms. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.translatedMessage();
  if (error instanceof Error) return error.message;
  return i18n._(msg`Something went wrong.`);
}

/** True when an apiRequest / getQueryFn error came from a 401 answer. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
