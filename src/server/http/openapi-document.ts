// Adjustments to the OpenAPI document fastify-type-provider-zod generates, so that third-party tools
// (validators, client generators) read it as the routes behave.

/**
 * A 204 or a redirect has no body: its declared `z.null()` is shown as no content at all (`type: 'null'` is
 * how @fastify/swagger is told), rather than as a JSON null a generated client would try to parse.
 */
export function withoutBodies<T extends { schema?: unknown }>(output: T): T {
  const schema = output.schema as { response?: Record<string, { description?: string }> } | undefined;
  if (!schema?.response) return output;
  const response = Object.fromEntries(
    Object.entries(schema.response).map(([status, answer]) =>
      /^(204|3\d\d)$/.test(status)
        ? [status, { type: 'null', description: answer.description }]
        : [status, answer],
    ),
  );
  return { ...output, schema: { ...schema, response } };
}

/**
 * OpenAPI 3.0 says `nullable: true` does not let `null` past an `enum` that does not list it, and validators
 * read it so; zod's nullable enums (`z.enum([...]).nullable()`) come out without it. Walks the whole
 * document (components and operations) and lists `null` where it is allowed.
 */
export function nullableEnumsAllowNull<T>(node: T): T {
  if (Array.isArray(node)) return node.map(nullableEnumsAllowNull) as T;
  if (!node || typeof node !== 'object') return node;
  const copy = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, nullableEnumsAllowNull(value)]),
  ) as Record<string, unknown>;
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null))
    copy.enum = [...copy.enum, null];
  return copy as T;
}
