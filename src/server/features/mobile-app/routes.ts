import { webManifestSchema } from '@domain/mobile-app/web-manifest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manifestFor } from './service.js';

export const mobileAppRoutes: FastifyPluginAsyncZod = async (app) => {
  // The browser reads it with the session cookie (index.html's link asks for credentials). It differs per
  // user and language, so no cache keeps it for someone else, and the browser asks again each time.
  app.get(
    '/manifest.webmanifest',
    { schema: { hide: true, tags: ['mobile-app'], response: { 200: webManifestSchema } } },
    async (request, reply) => {
      const manifest = await manifestFor(app.deps, request.member, request.headers['accept-language']);
      return reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('vary', 'cookie, accept-language')
        .send(manifest);
    },
  );
};
