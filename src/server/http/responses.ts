import type { Readable } from 'node:stream';
import { z } from 'zod';

// Declared answers that are not JSON bodies. Every route documents its success answer so a generated
// client knows what comes back (issue "One product", §3): a file's media type, an empty 204, a redirect.

/** The route answers 204 with no body. */
export const noContent = (description: string) => ({ 204: z.null().describe(description) });

/** The route sends the browser elsewhere (302 with a Location header, no body). */
export const redirect = (description: string) => ({ 302: z.null().describe(description) });

/**
 * A 200 whose body is `contentType` (a file, a script, an event stream), not JSON: declared per media type so the document says what a
 * client receives. The body is a string or a stream, which Fastify sends without the JSON serializer; `schema`
 * describes what a structured file (JSON) holds.
 */
export const answerOfType = (
  contentType: string | readonly string[],
  description: string,
  schema: z.ZodType = rawBody,
) => ({
  200: {
    description,
    content: Object.fromEntries(
      (typeof contentType === 'string' ? [contentType] : contentType).map((t) => [t, { schema }]),
    ),
  },
});

/** What a downloaded JSON file holds: an object, whatever its fields. */
export const jsonFile = z.record(z.string(), z.unknown());

// Such a body never meets the serializer (Fastify sends strings, buffers and streams as they are), so the
// schema documents a string while the handler may send a stream.
const rawBody = z.string() as z.ZodType<string | Buffer | Readable>;
