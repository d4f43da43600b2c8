/** One request to a text model: the instructions, the user's prompt, and what shape the answer takes. */
export interface AiCompletionInput {
  system: string;
  prompt: string;
  /** Ask for one JSON object; `complete` then refuses an answer that does not parse. */
  json?: boolean;
  maxTokens?: number;
  signal?: AbortSignal;
}

/**
 * A text model behind one interface (issue 15 §1). `AppDeps.ai` is null when none is configured: each
 * feature then uses its own offline default (the content generator) or says the model is needed.
 */
export interface AiProvider {
  readonly name: 'openai-compatible';
  /** The whole answer. Throws AppError: timeout, 429 after retry-after retries, malformed answer. */
  complete(input: AiCompletionInput): Promise<string>;
  /** The answer's text deltas as they arrive. */
  stream(input: AiCompletionInput): AsyncIterable<string>;
}
