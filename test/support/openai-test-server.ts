import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the server does with the next chat-completions request. */
export type OpenAiBehaviour =
  /** Answers `content` as the message (non-streaming) or as these deltas (streaming). */
  | { kind: 'answer'; content: string; deltas?: string[] }
  /** Accepts the request and never answers (a timeout). */
  | { kind: 'hang' }
  /** Holds the request until `until` settles, then does `after` (a slow model the test controls). */
  | { kind: 'wait'; until: Promise<unknown>; after: OpenAiBehaviour }
  /** Answers this status and body, e.g. 429 with retry-after. */
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  /** Answers 200 with this raw body (a malformed answer). */
  | { kind: 'raw'; body: string; contentType?: string }
  /** Streams these raw SSE lines as they are. */
  | { kind: 'raw-stream'; events: string[] };

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  response_format?: { type: string };
  max_tokens?: number;
}

export interface OpenAiTestServer {
  /** The base URL for OPENAI_BASE_URL (ends in /v1). */
  baseUrl: string;
  /** Every request received, in order, with its authorization header. */
  requests: { body: ChatRequest; authorization: string | undefined; at: number }[];
  /** Behaviours for the next requests, used in order; when empty, `fallback` answers. */
  queue: OpenAiBehaviour[];
  fallback: (request: ChatRequest) => OpenAiBehaviour;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const completion = (model: string, content: string) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1_700_000_000,
  model,
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

const chunk = (model: string, content: string | null, finish: string | null = null) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model,
  choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
});

/**
 * A local server speaking OpenAI's chat-completions protocol (`POST /v1/chat/completions`), streaming
 * included (`data: {chunk}` events, then `data: [DONE]`), with scripted failures for the tests.
 */
export async function startOpenAiTestServer(
  fallback: OpenAiTestServer['fallback'] = () => ({ kind: 'answer', content: 'Hello from the test model.' }),
): Promise<OpenAiTestServer> {
  const sockets = new Set<Socket>();
  const state: OpenAiTestServer = {
    baseUrl: '',
    requests: [],
    queue: [],
    fallback,
    close: async () => {},
  };
  const server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
      return;
    }
    const body = JSON.parse(await bodyOf(request)) as ChatRequest;
    state.requests.push({ body, authorization: request.headers.authorization, at: Date.now() });
    let behaviour = state.queue.shift() ?? state.fallback(body);
    while (behaviour.kind === 'wait') {
      await behaviour.until;
      behaviour = behaviour.after;
    }
    switch (behaviour.kind) {
      case 'hang':
        return;
      case 'status':
        response.writeHead(behaviour.status, { 'content-type': 'application/json', ...behaviour.headers });
        response.end(
          JSON.stringify(
            behaviour.body ?? { error: { message: `status ${behaviour.status}`, type: 'test' } },
          ),
        );
        return;
      case 'raw':
        response.writeHead(200, { 'content-type': behaviour.contentType ?? 'application/json' });
        response.end(behaviour.body);
        return;
      case 'raw-stream':
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const event of behaviour.events) response.write(`${event}\n\n`);
        response.end();
        return;
      case 'answer': {
        if (!body.stream) {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(completion(body.model, behaviour.content)));
          return;
        }
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        for (const delta of behaviour.deltas ?? [behaviour.content])
          response.write(`data: ${JSON.stringify(chunk(body.model, delta))}\n\n`);
        response.write(`data: ${JSON.stringify(chunk(body.model, null, 'stop'))}\n\n`);
        response.end('data: [DONE]\n\n');
        return;
      }
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}
