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

/**
 * The server's user-safe message from an apiRequest error ('400: {"message":"..."}' -> '...'),
 * for toasts and inline form errors.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return 'Something went wrong.';
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message;
  try {
    const body = JSON.parse(match[1]) as { message?: unknown };
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
