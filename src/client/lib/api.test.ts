import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, errorMessage, getQueryFn, isUnauthorizedError } from './api';

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
  it("shows the server's message, or the raw text when the body is not JSON", () => {
    expect(errorMessage(new Error('409: {"message":"An account with this email already exists."}'))).toBe(
      'An account with this email already exists.',
    );
    expect(errorMessage(new Error('502: Bad Gateway'))).toBe('Bad Gateway');
    expect(errorMessage('nope')).toBe('Something went wrong.');
  });
});
