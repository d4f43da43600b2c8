import { AppError } from '@domain/app-error';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OpenAiTestServer, startOpenAiTestServer } from '../../../../test/support/openai-test-server.js';
import { loadConfig } from '../../config.js';
import { createAddressPolicy } from '../../http/address-policy.js';
import { createGuardedFetch } from '../../http/outbound.js';
import { aiProviderFor } from './index.js';
import { createOpenAiProvider } from './openai-provider.js';

let server: OpenAiTestServer;
beforeAll(async () => {
  server = await startOpenAiTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.queue.length = 0;
  server.requests.length = 0;
});

const loopbackFetch = createGuardedFetch({
  policy: createAddressPolicy({ allowCidrs: ['127.0.0.0/8'] }),
  connectTimeoutMs: 1000,
});

function provider(options: { timeoutMs?: number; maxRetries?: number } = {}) {
  return createOpenAiProvider({
    baseUrl: server.baseUrl,
    apiKey: 'sk-test-secret',
    model: 'test-model',
    timeoutMs: options.timeoutMs ?? 5_000,
    maxRetries: options.maxRetries ?? 2,
    fetch: loopbackFetch,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a failure');
}

async function collect(stream: AsyncIterable<string>) {
  const parts: string[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe('OpenAI-compatible provider', () => {
  it('is null without OPENAI_BASE_URL, and built from the config with it', () => {
    expect(aiProviderFor(loadConfig({ NODE_ENV: 'test' }))).toBeNull();
    expect(aiProviderFor(loadConfig({ NODE_ENV: 'test', OPENAI_BASE_URL: server.baseUrl }))?.name).toBe(
      'openai-compatible',
    );
  });

  it('completes: sends the model, the system and user messages and the key; answers the message', async () => {
    server.queue.push({ kind: 'answer', content: 'A fine answer.' });
    const text = await provider().complete({ system: 'Be brief.', prompt: 'Say hi', maxTokens: 50 });
    expect(text).toBe('A fine answer.');
    const [request] = server.requests;
    expect(request.authorization).toBe('Bearer sk-test-secret');
    expect(request.body.model).toBe('test-model');
    expect(request.body.max_tokens).toBe(50);
    expect(request.body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Say hi' },
    ]);
  });

  it('streams the deltas of the server-sent events in order', async () => {
    server.queue.push({ kind: 'answer', content: '', deltas: ['Hel', 'lo, ', 'world'] });
    expect(await collect(provider().stream({ system: 's', prompt: 'p' }))).toEqual(['Hel', 'lo, ', 'world']);
    expect(server.requests[0].body.stream).toBe(true);
  });

  it('asks for a JSON object when told, and refuses an answer that is not one', async () => {
    server.queue.push({ kind: 'answer', content: 'not json at all' });
    const error = await failureOf(provider().complete({ system: 's', prompt: 'p', json: true }));
    expect(server.requests[0].body.response_format).toEqual({ type: 'json_object' });
    expect(error.messageId).toBe('ai.malformed');
    expect(error.status).toBe(503);
  });

  it('refuses a malformed answer: an unreadable body, no choices, a broken stream chunk', async () => {
    server.queue.push({ kind: 'raw', body: '{"choices": [' });
    expect(
      (await failureOf(provider({ maxRetries: 0 }).complete({ system: 's', prompt: 'p' }))).messageId,
    ).toBe('ai.malformed');
    server.queue.push({ kind: 'raw', body: '{"id": "x", "choices": []}' });
    expect(
      (await failureOf(provider({ maxRetries: 0 }).complete({ system: 's', prompt: 'p' }))).messageId,
    ).toBe('ai.malformed');
    server.queue.push({
      kind: 'raw-stream',
      events: ['data: {"choices": [{"delta": {"content": "ok"}}]}', 'data: {broken'],
    });
    const stream = provider({ maxRetries: 0 }).stream({ system: 's', prompt: 'p' });
    expect((await failureOf(collect(stream))).messageId).toBe('ai.malformed');
  });

  it('times out a provider that never answers, after its retries', async () => {
    server.queue.push({ kind: 'hang' }, { kind: 'hang' });
    const error = await failureOf(
      provider({ timeoutMs: 200, maxRetries: 1 }).complete({ system: 's', prompt: 'p' }),
    );
    expect(error.messageId).toBe('ai.timeout');
    expect(error.code).toBe('unavailable');
    expect(server.requests).toHaveLength(2);
  });

  it('waits out a 429 as retry-after says, then answers', async () => {
    server.queue.push({ kind: 'status', status: 429, headers: { 'retry-after': '1' } });
    server.queue.push({ kind: 'answer', content: 'after the wait' });
    expect(await provider().complete({ system: 's', prompt: 'p' })).toBe('after the wait');
    expect(server.requests).toHaveLength(2);
    // The retry came no sooner than the one second the provider asked for.
    expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(1000);
  });

  it('answers 429 rate_limited when the provider stays rate limited through every retry', async () => {
    for (let i = 0; i < 3; i++)
      server.queue.push({ kind: 'status', status: 429, headers: { 'retry-after-ms': '10' } });
    const error = await failureOf(provider({ maxRetries: 2 }).complete({ system: 's', prompt: 'p' }));
    expect(error.code).toBe('rate_limited');
    expect(error.messageId).toBe('ai.rateLimited');
    expect(server.requests).toHaveLength(3);
  });

  it('names an error status without passing the key or the answer on', async () => {
    server.queue.push({
      kind: 'status',
      status: 401,
      body: { error: { message: 'bad key sk-test-secret' } },
    });
    const error = await failureOf(provider().complete({ system: 's', prompt: 'p' }));
    expect(error.messageId).toBe('ai.refused');
    expect(error.userMessage).toContain('401');
    expect(JSON.stringify(error)).not.toContain('sk-test-secret');
    expect(error.message).not.toContain('sk-test-secret');
  });

  it('goes through the outbound address policy: a loopback provider is refused unless allowed', async () => {
    const guarded = createOpenAiProvider({
      baseUrl: server.baseUrl,
      apiKey: 'k',
      model: 'm',
      timeoutMs: 1000,
      maxRetries: 0,
      fetch: createGuardedFetch({ policy: createAddressPolicy({}), connectTimeoutMs: 1000 }),
    });
    const error = await failureOf(guarded.complete({ system: 's', prompt: 'p' }));
    expect(error.messageId).toBe('ai.unreachable');
    expect(server.requests).toHaveLength(0);
  });
});
