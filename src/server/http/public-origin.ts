import type { FastifyRequest } from 'fastify';

/** Where readers reach this server: PUBLIC_URL's origin, else the address the request came to. */
export function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}
