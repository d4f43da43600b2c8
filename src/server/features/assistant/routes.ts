import { AppError } from '@domain/app-error';
import { suggestionRequestSchema, suggestionResponseSchema } from '@domain/assistant/assistant-schemas';
import { serverMessage } from '@domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { now } from '../../deps.js';
import { perAddressLimit } from '../../http/rate-limit.js';
import type { AiProvider } from '../../providers/ai/index.js';
import { type SuggestOptions, suggestContextually } from './service.js';

const tags = ['assistant'];

/**
 * Per visitor IP on the public demo: the page asks at most once per 300 ms pause in typing and caches
 * answers for 30 s, so a person stays far below this; a script does not.
 */
const demoLimit = perAddressLimit(
  60,
  () => new AppError('rate_limited', serverMessage('assistant.tooManyRequests')),
);

/**
 * With an AI provider configured, a member's suggestions come from the model (the rules are its fallback).
 * The public demo keeps to the rules: anyone may call it, and it must not spend the operator's model quota.
 */
function modelOf(ai: AiProvider | null): Pick<SuggestOptions, 'askModel'> {
  return ai
    ? { askModel: (system, prompt) => ai.complete({ system, prompt, json: true, maxTokens: 600 }) }
    : {};
}

export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/ai/contextual-suggestions',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        summary: "Contextual suggestions from the workspace's own data",
        body: suggestionRequestSchema,
        response: { 200: suggestionResponseSchema },
      },
    },
    (request) =>
      suggestContextually(
        (fn) => app.inWorkspace(request, 'member', (tx) => fn(tx), { readOnly: true }),
        request.body,
        { now: now(app.deps), ...modelOf(app.deps.ai) },
      ),
  );

  app.post(
    '/api/ai/contextual-suggestions-demo',
    {
      bodyLimit: 64 * 1024,
      config: { rateLimit: demoLimit },
      schema: {
        tags,
        summary: 'The same suggestions over the demo workspace, for the public /ai-demo page (read-only)',
        body: suggestionRequestSchema,
        response: { 200: suggestionResponseSchema },
      },
    },
    (request) =>
      suggestContextually((fn) => app.inDemoWorkspace((tx) => fn(tx)), request.body, { now: now(app.deps) }),
  );
};
