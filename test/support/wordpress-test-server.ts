import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WordpressTestPost {
  id: number;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  status: string;
}

export interface WordpressTestServer {
  /** The site address to connect (http://127.0.0.1:port/blog). */
  siteUrl: string;
  username: string;
  applicationPassword: string;
  posts: WordpressTestPost[];
  /** Authorization headers that were refused. */
  refused: number;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local server speaking the part of WordPress's REST API a publisher uses: `GET /wp-json/wp/v2/posts?slug=`,
 * `POST /wp-json/wp/v2/posts` and `POST /wp-json/wp/v2/posts/:id`, authenticated with an application
 * password (HTTP Basic; WordPress accepts it with or without the spaces it shows it with) and answering
 * 401 `rest_not_logged_in` otherwise, as WordPress does.
 */
export async function startWordpressTestServer(): Promise<WordpressTestServer> {
  const state: WordpressTestServer = {
    siteUrl: '',
    username: 'editor',
    applicationPassword: 'abcd EFGH 1234 ijkl MNOP 5678',
    posts: [],
    refused: 0,
    close: async () => {},
  };
  const server = createServer(async (request, response) => {
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify(json));
    };
    const url = new URL(request.url ?? '/', 'http://wordpress.test');
    const match = /^\/blog\/wp-json\/wp\/v2\/posts(?:\/(\d+))?$/.exec(url.pathname);
    if (!match)
      return send(404, { code: 'rest_no_route', message: 'No route was found', data: { status: 404 } });
    const expected = Buffer.from(
      `${state.username}:${state.applicationPassword.replaceAll(' ', '')}`,
    ).toString('base64');
    const given = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const [user, password = ''] = Buffer.from(given, 'base64').toString('utf8').split(':');
    if (Buffer.from(`${user}:${password.replaceAll(' ', '')}`).toString('base64') !== expected) {
      state.refused += 1;
      return send(401, {
        code: 'rest_not_logged_in',
        message: 'You are not currently logged in.',
        data: { status: 401 },
      });
    }
    const link = (post: WordpressTestPost) => `${state.siteUrl}/${post.slug}/`;
    const view = (post: WordpressTestPost) => ({
      id: post.id,
      slug: post.slug,
      status: post.status,
      link: link(post),
      title: { rendered: post.title },
      content: { rendered: post.content },
    });
    if (request.method === 'GET' && !match[1]) {
      const slug = url.searchParams.get('slug');
      return send(200, state.posts.filter((p) => !slug || p.slug === slug).map(view));
    }
    if (request.method !== 'POST') return send(405, { code: 'rest_no_route', message: 'No route', data: {} });
    const input = JSON.parse(await bodyOf(request)) as Partial<WordpressTestPost>;
    if (match[1]) {
      const post = state.posts.find((p) => p.id === Number(match[1]));
      if (!post) return send(404, { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: {} });
      Object.assign(post, input);
      return send(200, view(post));
    }
    const post: WordpressTestPost = {
      id: state.posts.length + 1,
      slug: input.slug ?? `post-${state.posts.length + 1}`,
      title: input.title ?? '',
      content: input.content ?? '',
      excerpt: input.excerpt ?? '',
      status: input.status ?? 'draft',
    };
    state.posts.push(post);
    return send(201, view(post));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.siteUrl = `http://127.0.0.1:${port}/blog`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
