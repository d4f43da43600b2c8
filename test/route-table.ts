import type { Role } from '@domain/roles';
import type { FastifyInstance } from 'fastify';

export interface RouteInfo {
  method: string;
  /** Fastify form, e.g. /api/contacts/:id */
  url: string;
  /** The least role the route declares (`config.role`, shown as `x-required-role`); undefined when any member may. */
  role?: Role;
}

/** Every documented API route, read from the app's own OpenAPI document. */
export function apiRoutes(app: FastifyInstance): RouteInfo[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, { 'x-required-role'?: Role }>> };
  const routes: RouteInfo[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      routes.push({
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        role: operation['x-required-role'],
      });
    }
  }
  return routes;
}

export function fillParams(url: string, value: string | number): string {
  return url.replace(/:(\w+)/g, String(value));
}

export const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
