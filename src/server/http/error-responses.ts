import { appErrorBodySchema } from '@domain/app-error';
import type { FastifyInstance } from 'fastify';

/** Every API route may answer with these; a route that documents a status of its own keeps it. */
export const errorResponses = { '4xx': appErrorBodySchema, '5xx': appErrorBodySchema } as const;

/**
 * Declares the shared error body on every API route as it is added, so the OpenAPI document shows it
 * and the error handler's answers are serialized (and checked) against the one contract.
 */
export function declareErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const schema = route.schema ?? {};
    route.schema = {
      ...schema,
      response: { ...errorResponses, ...(schema.response as Record<string, unknown> | undefined) },
    };
  });
}
