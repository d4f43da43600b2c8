import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import { featureRoutes } from './features/index.js';
import { registerErrorHandler } from './http/errors.js';
import { serializeError } from './http/log-serializers.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { sessionPlugin } from './http/session.js';

export interface BuildAppOptions {
  /** Folder with the built client; served with an SPA fallback when it exists. */
  clientDir?: string;
  /** Where the log goes instead of stdout (tests read it); turns logging on in the test mode too. */
  logStream?: { write(line: string): void };
}

export async function buildApp(
  deps: Omit<AppDeps, 'log'>,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.NODE_ENV === 'test' && !options.logStream
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: { err: serializeError },
            ...(options.logStream
              ? { stream: options.logStream }
              : config.NODE_ENV === 'development'
                ? { transport: { target: 'pino-pretty', options: { singleLine: true } } }
                : {}),
          },
    trustProxy: true,
    bodyLimit: 64 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { ...deps, log: app.log });

  await app.register(swagger, {
    openapi: { info: { title: 'Business Hub API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await registerSecurityHeaders(app, config);
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's pages carry their own inline scripts (allowed by hash in its policy) and set inline
    // styles as it renders; served over plain http as well.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  await app.register(cookie, { secret: config.secretKey });
  registerErrorHandler(app);
  await app.register(sessionPlugin);
  for (const routes of featureRoutes) await app.register(routes);

  const clientDir = options.clientDir;
  const hasClient = Boolean(clientDir && existsSync(path.join(clientDir, 'index.html')));
  if (hasClient) {
    await app.register(fastifyStatic, { root: clientDir as string, wildcard: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((request, reply) => {
    if (!hasClient || request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' });
    }
    // The client router owns every other path, including its own 'Page Not Found'.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
