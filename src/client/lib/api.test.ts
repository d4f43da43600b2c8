import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiRequest,
  errorMessage,
  getQueryFn,
  isUnauthorizedError,
  refuseWriteOffline,
  requestJson,
} from './api';

// A real local HTTP server records what the helper sends (spec 000 §7 behaviour).
let server: Server;
let baseUrl: string;
const received: { method?: string; contentType?: string; body: string }[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push({
      method: request.method,
      contentType: request.headers['content-type'],
      body: await readBody(request),
    });
    if (request.url === '/ok')
      return response.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}');
    if (request.url === '/bad') return response.writeHead(400).end('{"message":"name: Name is required"}');
    if (request.url === '/empty-error') return response.writeHead(503, 'Service Unavailable').end();
    if (request.url === '/conflict')
      return response
        .writeHead(409, { 'content-type': 'application/json' })
        .end(
          '{"message":"email: A contact with this email already exists","code":"conflict","issues":[{"path":"email","message":"A contact with this email already exists"}]}',
        );
    if (request.url === '/unauthorized')
      return response.writeHead(401).end('{"message":"You are not signed in."}');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('apiRequest', () => {
  it('sends a JSON body with a JSON content type only when data is given', async () => {
    received.length = 0;
    await apiRequest('POST', `${baseUrl}/ok`, { topic: 'x' });
    await apiRequest('POST', `${baseUrl}/ok`);
    expect(received[0]).toEqual({ method: 'POST', contentType: 'application/json', body: '{"topic":"x"}' });
    expect(received[1]).toEqual({ method: 'POST', contentType: undefined, body: '' });
  });

  it('turns a non-OK answer into "<status>: <body>", or the status text when the body is empty', async () => {
    await expect(apiRequest('POST', `${baseUrl}/bad`, {})).rejects.toThrow(
      '400: {"message":"name: Name is required"}',
    );
    await expect(apiRequest('GET', `${baseUrl}/empty-error`)).rejects.toThrow(/^503: Service Unavailable$/);
  });
});

describe('getQueryFn', () => {
  it('GETs the first key element and parses JSON', async () => {
    expect(await getQueryFn({ on401: 'throw' })({ queryKey: [`${baseUrl}/ok`, 'ignored'] })).toEqual({
      a: 1,
    });
  });

  it('yields null on 401 only when asked to', async () => {
    const key = { queryKey: [`${baseUrl}/unauthorized`] };
    expect(await getQueryFn({ on401: 'returnNull' })(key)).toBeNull();
    const error = await getQueryFn({ on401: 'throw' })(key).catch((e: unknown) => e);
    expect(isUnauthorizedError(error)).toBe(true);
  });
});

describe('errorMessage', () => {
  it("shows the server's message, or the raw text when the body is not JSON", async () => {
    expect(
      errorMessage(await ApiError.read(409, '{"message":"An account with this email already exists."}')),
    ).toBe('An account with this email already exists.');
    expect(errorMessage(await ApiError.read(502, 'Bad Gateway'))).toBe('Bad Gateway');
    expect(errorMessage('nope')).toBe('Something went wrong.');
  });
});

describe('ApiError', () => {
  it("carries the server's AppError fields and keeps the spec's '<status>: <body>' text", async () => {
    const error = await apiRequest('POST', `${baseUrl}/conflict`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toMatch(/^409: \{"message":"email: A contact/);
    expect(apiError.status).toBe(409);
    expect(apiError.code).toBe('conflict');
    expect(apiError.userMessage).toBe('email: A contact with this email already exists');
    expect(apiError.issues).toEqual([{ path: 'email', message: 'A contact with this email already exists' }]);
    expect(apiError.messageId).toBeNull();
  });

  it('reads a nested field path, a catalogued message id and its values', async () => {
    const error = await ApiError.read(
      400,
      JSON.stringify({
        message: 'domain: shop.example is already one of your websites',
        code: 'bad_request',
        messageId: 'websites.domainTaken',
        values: { domain: 'shop.example' },
        issues: [{ path: 'address.zip', message: 'is invalid' }],
      }),
    );
    expect(error.issues[0].path).toBe('address.zip');
    expect(error.messageId).toBe('websites.domainTaken');
    expect(error.values).toEqual({ domain: 'shop.example' });
  });

  it('keeps a non-JSON body, or JSON of another shape, as the message with no code or issues', async () => {
    for (const text of ['Bad Gateway', '<html>oops</html>', '{"message":42,"issues":"x"}', '[1,2]']) {
      const error = await ApiError.read(502, text);
      expect(error.message).toBe(`502: ${text}`);
      expect(error.userMessage).toBe(text);
      expect(error.code).toBeNull();
      expect(error.issues).toEqual([]);
    }
  });

  it('ignores a message id the client does not know', async () => {
    const error = await ApiError.read(
      409,
      '{"message":"Newer text","code":"conflict","messageId":"later.added"}',
    );
    expect(error.messageId).toBeNull();
    expect(errorMessage(error)).toBe('Newer text');
  });
});

describe('requestJson', () => {
  it('parses the answer with its contract in development, so a drifting server fails where the data arrives', async () => {
    expect(import.meta.env.DEV).toBe(true);
    expect(await requestJson(z.object({ a: z.number() }), 'GET', `${baseUrl}/ok`)).toEqual({ a: 1 });
    await expect(requestJson(z.object({ a: z.string() }), 'GET', `${baseUrl}/ok`)).rejects.toThrow(
      z.ZodError,
    );
  });
});

describe('offline', () => {
  afterEach(() => vi.unstubAllGlobals());
  const goOffline = () => vi.stubGlobal('navigator', { onLine: false });

  it('refuses a write before sending it, with a message the user can read, and queues nothing', async () => {
    goOffline();
    received.length = 0;
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      const error = await apiRequest(method, `${baseUrl}/ok`, { name: 'x' }).catch((e: unknown) => e);
      expect(error, method).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('offline');
      expect((error as ApiError).status).toBe(0);
      expect(errorMessage(error)).toBe(
        'You are offline, so this change was not saved. Try again when you are back online.',
      );
    }
    expect(() => refuseWriteOffline('POST')).toThrow(ApiError);
    vi.unstubAllGlobals();
    // Back online, nothing arrives later: the refused writes were never held anywhere.
    await apiRequest('GET', `${baseUrl}/ok`);
    expect(received.map((r) => r.method)).toEqual(['GET']);
  });

  it('still asks for a read (the service worker may have kept it), and says when nothing could answer', async () => {
    goOffline();
    expect(await getQueryFn({ on401: 'throw' })({ queryKey: [`${baseUrl}/ok`] })).toEqual({ a: 1 });
    const unreachable = await apiRequest('GET', 'http://127.0.0.1:1/nothing').catch((e: unknown) => e);
    expect(errorMessage(unreachable)).toBe('Not available offline.');
    vi.unstubAllGlobals();
    // Online, a failed connection stays the network's own error.
    const failed = await apiRequest('GET', 'http://127.0.0.1:1/nothing').catch((e: unknown) => e);
    expect(failed).not.toBeInstanceOf(ApiError);
  });
});
