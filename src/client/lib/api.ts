import { isServerMessageId, serverMessages } from '@domain/messages';
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n/i18n';

/**
 * The one request helper (spec 000 §7): session cookie always, JSON body only when given,
 * and any non-OK answer becomes an Error reading "<status>: <body or status text>".
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The cached-read fetcher: GETs the first element of the query key and parses JSON. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T> => {
    const response = await fetch(String(queryKey[0]), { credentials: 'include' });
    if (options.on401 === 'returnNull' && response.status === 401) return null as T;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

interface ErrorBody {
  message?: unknown;
  messageId?: unknown;
  values?: Record<string, string | number>;
  issues?: { path: string }[];
}

/** A catalogued server message in the user's language, keeping the "<field>: " a field error starts with. */
function translatedServerMessage(body: ErrorBody): string | null {
  if (!isServerMessageId(body.messageId) || typeof body.message !== 'string') return null;
  const field = body.issues?.length === 1 ? `${body.issues[0].path}: ` : '';
  const prefix = field && body.message.startsWith(field) ? field : '';
  return prefix + i18n._(serverMessages[body.messageId], body.values);
}

/**
 * The server's user-safe message from an apiRequest error ('400: {"message":"..."}' -> '...'),
 * for toasts and inline form errors: translated when the server names its message (src/domain/messages.ts).
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return i18n._(msg`Something went wrong.`);
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message;
  try {
    const body = JSON.parse(match[1]) as ErrorBody;
    const translated = translatedServerMessage(body);
    if (translated) return translated;
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: the plain body text is the message.
  }
  return match[1];
}

/** True when an apiRequest / getQueryFn error came from a 401 answer. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401: ');
}
