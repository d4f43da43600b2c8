import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/**
 * The one request rate limiter, registered once: every API key is held to its per-minute allowance on
 * every route, and a public route that anyone may call names its own limit per address with
 * `perAddressLimit` in its `config.rateLimit`. Counters live in the process (ADR 0012): a limit caps what
 * one process serves. Sign-in and password guesses are not rate limits but lockouts that must hold across
 * processes and restarts; they are counted in PostgreSQL by auth's attempt throttle.
 */
export async function registerRateLimits(app: FastifyInstance, apiKeyPerMinute: number): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: apiKeyPerMinute,
    timeWindow: 60_000,
    // Per API key, after the session hook has told who is calling; browser sessions are not counted here.
    allowList: (request) => request.member?.apiKeyId === undefined,
    keyGenerator: (request) => `api-key:${request.member?.apiKeyId}`,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        serverMessage('apiKeys.rateLimited', { max: context.max, seconds: Math.ceil(context.ttl / 1000) }),
      ),
  });
}

/** A public route's limit: `max` requests a minute from one address, refused with `refusal`. */
export function perAddressLimit(max: number, refusal: () => AppError): RateLimitOptions {
  return {
    max,
    timeWindow: 60_000,
    allowList: () => false,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: refusal,
  };
}
