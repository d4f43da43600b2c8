import type { Config } from '../../config.js';
import { addressPolicyFrom, createGuardedFetch } from '../../http/outbound.js';
import type { AiProvider } from './ai-provider.js';
import { createOpenAiProvider } from './openai-provider.js';

export type { AiCompletionInput, AiProvider } from './ai-provider.js';

/** The configured text model, or null (no OPENAI_BASE_URL): features fall back to their offline defaults. */
export function aiProviderFor(config: Config): AiProvider | null {
  if (!config.OPENAI_BASE_URL) return null;
  return createOpenAiProvider({
    baseUrl: config.OPENAI_BASE_URL,
    // Local servers (Ollama, vLLM) take any key; the SDK insists on one.
    apiKey: config.OPENAI_API_KEY ?? 'not-set',
    model: config.OPENAI_MODEL,
    timeoutMs: config.OPENAI_TIMEOUT_MS,
    maxRetries: config.OPENAI_MAX_RETRIES,
    fetch: createGuardedFetch({
      policy: addressPolicyFrom(config),
      connectTimeoutMs: Math.min(config.OPENAI_TIMEOUT_MS, 10_000),
    }),
  });
}
