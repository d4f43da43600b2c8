import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { addressPolicyFrom, createOutboundClient, type OutboundClient } from '../../http/outbound.js';
import { OutboundError } from '../../http/outbound-error.js';

export interface WordpressConnection {
  siteUrl: string;
  username: string;
  applicationPassword: string;
}

export interface WordpressPost {
  slug: string;
  title: string;
  html: string;
  excerpt: string;
}

const postAnswerSchema = z.object({ id: z.number().int().positive(), link: z.string() });

/**
 * A WordPress site's REST API (`/wp-json/wp/v2/posts`), authenticated with an application password
 * (HTTP Basic, WordPress 5.6+). Every request goes through the guarded outbound client.
 */
export function createWordpressClient(config: Config): OutboundClient {
  return createOutboundClient({
    policy: addressPolicyFrom(config),
    publicUrl: config.PUBLIC_URL,
    connectTimeoutMs: Math.min(5_000, config.OUTBOUND_TIMEOUT_MS),
    totalTimeoutMs: config.OUTBOUND_TIMEOUT_MS,
    maxBytes: config.OUTBOUND_MAX_BYTES,
    maxRedirects: 0,
  });
}

const postsUrl = (siteUrl: string) => `${siteUrl.replace(/\/+$/, '')}/wp-json/wp/v2/posts`;

/**
 * Publishes the post, or updates the one already there with its slug: a retried job (the worker died
 * after WordPress answered) finds its own post instead of publishing it twice.
 */
export async function publishToWordpress(
  client: OutboundClient,
  connection: WordpressConnection,
  post: WordpressPost,
): Promise<{ id: number; link: string }> {
  const headers = {
    authorization: `Basic ${Buffer.from(`${connection.username}:${connection.applicationPassword}`).toString('base64')}`,
    accept: 'application/json',
    'content-type': 'application/json',
  };
  const base = postsUrl(connection.siteUrl);
  const answer = async (response: { status: number; text(): string }) => {
    if (response.status >= 400)
      throw new AppError(
        'bad_request',
        serverMessage('content.wordpressRefused', { status: response.status }),
      );
    try {
      return JSON.parse(response.text()) as unknown;
    } catch {
      throw new AppError('bad_request', serverMessage('content.wordpressUnreadable'));
    }
  };
  try {
    const existing = z.array(postAnswerSchema).safeParse(
      await answer(
        await client.fetch(`${base}?slug=${encodeURIComponent(post.slug)}&status=publish,draft,future`, {
          headers,
          acceptErrorStatus: true,
        }),
      ),
    );
    const target = existing.success && existing.data[0] ? `${base}/${existing.data[0].id}` : base;
    const saved = postAnswerSchema.safeParse(
      await answer(
        await client.fetch(target, {
          method: 'POST',
          headers,
          acceptErrorStatus: true,
          body: JSON.stringify({
            title: post.title,
            content: post.html,
            excerpt: post.excerpt,
            slug: post.slug,
            status: 'publish',
          }),
        }),
      ),
    );
    if (!saved.success) throw new AppError('bad_request', serverMessage('content.wordpressUnreadable'));
    return saved.data;
  } catch (error) {
    if (error instanceof OutboundError || error instanceof AppError) throw error;
    throw new AppError('unavailable', (error as Error).message);
  }
}
