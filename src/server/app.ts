import { existsSync } from 'node:fs';
import path from 'node:path';
import { isAppPath } from '@domain/app-paths';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import { featureRoutes } from './features/index.js';
import { demoWorkspacePlugin } from './http/demo-workspace.js';
import { declareErrorResponses } from './http/error-responses.js';
import { registerErrorHandler } from './http/errors.js';
import { registerInputGuard } from './http/input-guard.js';
import { serializeError } from './http/log-serializers.js';
import { nullableEnumsAllowNull, withoutBodies } from './http/openapi-document.js';
import { noteOwnListener } from './http/outbound.js';
import { prerenderedPages } from './http/prerendered-pages.js';
import { isPublicApiRoute } from './http/public-routes.js';
import { registerRateLimits } from './http/rate-limit.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { sessionPlugin } from './http/session.js';
import { aiProviderFor } from './providers/ai/index.js';
import { paymentsProviderFor } from './providers/payments/index.js';

export const defaultBodyLimit = 1024 * 1024;

/**
 * How long a browser keeps a built file. Vite names everything under /assets/ by its content's hash, so a
 * changed file is a new URL: those are kept a year without asking. A page (HTML) names the current assets,
 * so the browser revalidates it every time (its ETag makes that a 304); so is the service worker, which names
 * them too and must reach every browser with the deploy. The few unhashed files of src/client/public (the
 * favicon, the app icons, zod-jitless.js) may be an hour old.
 */
export function cacheControlFor(clientDir: string, filePath: string): string {
  const relative = path.relative(clientDir, filePath).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (/^(.*\.html|sw\.js)(\.br|\.gz)?$/.test(relative)) return 'no-cache';
  return 'public, max-age=3600';
}

export interface BuildAppOptions {
  /** Folder with the built client; served with an SPA fallback when it exists. */
  clientDir?: string;
  /** Where the log goes instead of stdout (tests read it); turns logging on in the test mode too. */
  logStream?: { write(line: string): void };
}

export async function buildApp(
  deps: Omit<AppDeps, 'log' | 'payments' | 'ai'> & Partial<Pick<AppDeps, 'payments' | 'ai'>>,
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
    // Proxy headers only from the proxies named in TRUST_PROXY: otherwise anyone picks their own address.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    // Routes that need more (the JSON CSV import) set their own limit; the session check runs before any body is read.
    bodyLimit: defaultBodyLimit,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A user-given URL never leads the outbound client back here (src/server/http/outbound.ts).
  let forgetListener = () => {};
  app.addHook('onListen', async () => {
    forgetListener = noteOwnListener(app.server.address());
  });
  app.addHook('onClose', async () => forgetListener());
  app.decorate('deps', {
    ...deps,
    payments: deps.payments ?? paymentsProviderFor(config, deps.database),
    ai: deps.ai === undefined ? aiProviderFor(config) : deps.ai,
    log: app.log,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Business Hub API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key from Settings → API keys (Professional and Enterprise plans): `Authorization: Bearer bh_live_…`. It acts with the role and workspace it was created with, and is rate limited per key.',
          },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'hub_sid', description: 'The browser session.' },
        },
      },
      security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    },
    // Public routes need neither: the document says so per operation.
    transform: (input) => {
      const transformed = withoutBodies(jsonSchemaTransform(input));
      // The least role a route serves (its `config.role`), so API users — and the access-control test —
      // can tell which operations a key of a lower role is refused.
      const role = input.route.config?.role;
      const output = role
        ? { ...transformed, schema: { ...transformed.schema, 'x-required-role': role } }
        : transformed;
      const methods = [input.route.method].flat();
      return methods.some((m) => isPublicApiRoute(String(m), input.url))
        ? { ...output, schema: { ...output.schema, security: [] } }
        : output;
    },
    // Schemas registered with an id (the recursive MessageRef) become components the operations refer to.
    transformObject: (input) => nullableEnumsAllowNull(jsonSchemaTransformObject(input)),
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
  declareErrorResponses(app);
  registerInputGuard(app);
  await app.register(sessionPlugin);
  await app.register(demoWorkspacePlugin);
  await registerRateLimits(app, config.API_KEY_RATE_LIMIT_PER_MINUTE);
  for (const routes of featureRoutes) await app.register(routes);

  const clientDir = options.clientDir;
  const hasClient = Boolean(clientDir && existsSync(path.join(clientDir, 'index.html')));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir as string,
      wildcard: false,
      // The build writes a .br and a .gz beside each text file (scripts/precompress.ts); the one the browser
      // accepts is sent as it is, with Content-Encoding.
      preCompressed: true,
      // Cache-Control is set per file below, not by `send` (whose header would win over setHeaders').
      cacheControl: false,
      // Pages are sent by the fallback below, which picks the prerendered one or the app's own: / too, and
      // the prerendered files have no address of their own.
      index: false,
      globIgnore: ['prerendered/**'],
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(clientDir as string, filePath));
        // The same URL is sent in different encodings: a shared cache must key on what was accepted.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const prerendered = prerenderedPages(clientDir ?? '');
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (!hasClient || request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ message: `No route for ${request.method} ${pathname}`, code: 'not_found' });
    }
    // The client's router draws every page, its 'Page Not Found' included; the status says which one it is,
    // from the same list of paths the router uses, so an unknown address is a 404 to crawlers and tools too.
    // A signed-out visitor gets a public page finished, in their language (src/server/http/prerendered-pages.ts).
    const known = isAppPath(pathname);
    return (
      reply
        .status(known ? 200 : 404)
        .header('cache-control', 'no-cache')
        // Which page goes out depends on the session and language cookies and the browser's languages.
        .header('vary', 'accept-encoding, accept-language, cookie')
        .sendFile(prerendered.pageFor(request, pathname) ?? 'index.html')
    );
  });
  return app;
}
