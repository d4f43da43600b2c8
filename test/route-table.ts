import type { FastifyInstance } from 'fastify';

export interface RouteInfo {
  method: string;
  /** Fastify form, e.g. /api/contacts/:id */
  url: string;
}

/** Every documented API route, read from the app's own OpenAPI document. */
export function apiRoutes(app: FastifyInstance): RouteInfo[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const routes: RouteInfo[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const method of Object.keys(operations)) {
      routes.push({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1') });
    }
  }
  return routes;
}

export function fillParams(url: string, value: string | number): string {
  return url.replace(/:(\w+)/g, String(value));
}

export const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
