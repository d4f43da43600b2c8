import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encoding to send in, from Accept-Encoding: brotli first, then gzip; none that the client refused (q=0). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (header ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

// A fixed text served often (the tracker every website embeds) is compressed once, not per request.
const compressed = new Map<string, { br: Buffer; gzip: Buffer }>();

/**
 * Sends a fixed text compressed in the encoding the client accepts (with `Vary: Accept-Encoding`). Until
 * @fastify/compress is a dependency, this is how a route's own large text answers go out compressed.
 */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, text: string): FastifyReply {
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(text);
  let bodies = compressed.get(text);
  if (!bodies) {
    const raw = Buffer.from(text);
    bodies = {
      br: brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
      gzip: gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }),
    };
    // Only a few fixed texts pass here; the bound keeps a changing one from growing the map.
    if (compressed.size > 16) compressed.clear();
    compressed.set(text, bodies);
  }
  return reply.header('content-encoding', encoding).send(bodies[encoding]);
}
