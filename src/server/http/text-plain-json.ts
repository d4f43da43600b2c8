import { AppError } from '@domain/app-error';
import type { FastifyInstance } from 'fastify';

/**
 * Reads text/plain bodies as JSON in the plugin it is called in (encapsulated: other routes keep the default
 * parser). A script on another site posts its JSON as text/plain so the browser treats it as a CORS "simple"
 * request and sends it without a preflight.
 */
export function parseTextPlainAsJson(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(AppError.badRequest('(body)', 'Body must be JSON'), undefined);
    }
  });
}
