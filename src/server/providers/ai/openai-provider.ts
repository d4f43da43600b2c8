import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import OpenAI from 'openai';
import type { AiCompletionInput, AiProvider } from './ai-provider.js';

export interface OpenAiProviderOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** One attempt's limit; the SDK retries a timed-out attempt `maxRetries` times. */
  timeoutMs: number;
  maxRetries: number;
  /** The guarded fetch (http/outbound.ts): the base URL is operator config, still held to the address policy. */
  fetch: typeof globalThis.fetch;
}

/** What went wrong, as one AppError users can read; the key and the provider's raw answer stay out of it. */
function providerError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof OpenAI.APIUserAbortError)
    return new AppError('bad_request', serverMessage('ai.aborted'));
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new AppError('unavailable', serverMessage('ai.timeout'), { internal: 'AI provider timed out' });
  if (error instanceof OpenAI.RateLimitError)
    return new AppError('rate_limited', serverMessage('ai.rateLimited'), {
      internal: 'AI provider answered 429 after its retries',
    });
  if (error instanceof OpenAI.APIConnectionError)
    return new AppError('unavailable', serverMessage('ai.unreachable'), {
      internal: `AI provider unreachable: ${(error.cause as Error | undefined)?.message ?? error.message}`,
    });
  if (error instanceof OpenAI.APIError)
    return new AppError('unavailable', serverMessage('ai.refused', { status: error.status ?? 0 }), {
      internal: `AI provider answered ${error.status}`,
    });
  return malformed(`unreadable answer: ${(error as Error).message}`);
}

const malformed = (internal: string) =>
  new AppError('unavailable', serverMessage('ai.malformed'), { internal });

/** Any endpoint that speaks OpenAI's chat-completions protocol (OpenAI, Azure, vLLM, Ollama, LM Studio, …). */
export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
    fetch: options.fetch,
  });
  const request = (input: AiCompletionInput) => ({
    model: options.model,
    messages: [
      { role: 'system' as const, content: input.system },
      { role: 'user' as const, content: input.prompt },
    ],
    ...(input.maxTokens ? { max_tokens: input.maxTokens } : {}),
    ...(input.json ? { response_format: { type: 'json_object' as const } } : {}),
  });

  return {
    name: 'openai-compatible',
    async complete(input) {
      let text: unknown;
      try {
        const answer = await client.chat.completions.create(request(input), { signal: input.signal });
        text = answer?.choices?.[0]?.message?.content;
      } catch (error) {
        throw providerError(error);
      }
      if (typeof text !== 'string' || text.trim() === '') throw malformed('no message content in the answer');
      if (input.json) {
        try {
          JSON.parse(text);
        } catch {
          throw malformed('the answer is not the JSON object asked for');
        }
      }
      return text;
    },
    async *stream(input) {
      try {
        const chunks = await client.chat.completions.create(
          { ...request(input), stream: true },
          { signal: input.signal },
        );
        for await (const chunk of chunks) {
          if (!chunk || !Array.isArray(chunk.choices)) throw malformed('a streamed chunk without choices');
          const delta = chunk.choices[0]?.delta?.content;
          if (typeof delta === 'string' && delta !== '') yield delta;
        }
      } catch (error) {
        throw providerError(error);
      }
    },
  };
}
