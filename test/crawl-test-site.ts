import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A generated website on loopback for the crawler's tests and benchmark: `products` product pages and
 * `posts` blog posts, plus one of each fault the link-fix report knows (see the routes below). It counts
 * every request per path, so a test can tell what was fetched and how often.
 */
export interface CrawlTestSite {
  url: string;
  /** Requests per path and method, e.g. `GET /products/1`. */
  hits: Map<string, number>;
  /** Redirects the site's owner "deployed": path → target, answered with 301 before anything else. */
  redirects: Map<string, string>;
  /** A second server on another port: the "external" site. */
  externalUrl: string;
  /** Holds `GET /gate` until released (the restart test kills the server meanwhile). */
  releaseGate(): void;
  gateReached: Promise<void>;
  close(): Promise<void>;
}

export interface CrawlTestSiteOptions {
  products?: number;
  posts?: number;
  /** Put a /gate page (held until released) on the home page. */
  gate?: boolean;
  /** Link the never-answering /slow page from the home page (default true; the benchmark leaves it out). */
  slow?: boolean;
}

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i % 13}`).join(' ');

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  // As a typical web server keeps connections (nginx: 75 s). Under undici's 2 s threshold (1 s, as this
  // once was) every answer closes its connection, and a crawl measures TCP set-up instead of crawling.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export async function startCrawlTestSite(options: CrawlTestSiteOptions = {}): Promise<CrawlTestSite> {
  const products = options.products ?? 200;
  const posts = options.posts ?? 40;
  const hits = new Map<string, number>();
  const redirects = new Map<string, string>();
  let releaseGate = () => {};
  const gateOpen = new Promise<void>((resolve) => {
    releaseGate = resolve;
  });
  let reachedGate = () => {};
  const gateReached = new Promise<void>((resolve) => {
    reachedGate = resolve;
  });
  const hanging = new Set<ServerResponse>();

  const external = await listen((req, res) => {
    const path = req.url ?? '/';
    if (path === '/head-405' && req.method === 'HEAD') return res.writeHead(405).end();
    if (path === '/ok' || path === '/head-405')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(req.method === 'HEAD' ? undefined : 'ok');
    if (path === '/moved') return res.writeHead(301, { location: '/moved-2' }).end();
    if (path === '/moved-2') return res.writeHead(301, { location: '/ok' }).end();
    return res.writeHead(404).end();
  });
  const externalUrl = `http://127.0.0.1:${(external.address() as AddressInfo).port}`;

  let origin = '';
  const site = await listen((req, res) => {
    const path = req.url ?? '/';
    hits.set(`${req.method} ${path}`, (hits.get(`${req.method} ${path}`) ?? 0) + 1);
    const html = (body: string, status = 200) =>
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    const redirect = (status: number, location: string) => res.writeHead(status, { location }).end();
    const deployed = redirects.get(path);
    if (deployed) return redirect(301, deployed);

    if (path === '/robots.txt')
      return res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(`User-agent: *\nDisallow: /private/\nAllow: /private/open\n\nSitemap: ${origin}/sitemap.xml\n`);
    if (path === '/sitemap.xml') {
      const locs = ['/', '/about', '/orphan', ...Array.from({ length: 5 }, (_, i) => `/products/${i + 1}`)];
      return res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${origin}${l}</loc></url>`).join('')}</urlset>`,
        );
    }
    if (path === '/')
      return html(
        page(
          'Widget shop home page',
          `<h1>Widgets</h1><p>${words(320, 'w')}</p>
<a href="/products">All products</a> <a href="/blog">Blog</a> <a href="/about">About</a>
<a href="/About">About us</a> <a href="/missing-page">Missing</a> <a href="/old">Old offers</a>
<a href="/loop1">Loop</a> <a href="/private/secret">Secret</a> <a href="/private/open">Open</a>
${options.slow === false ? '' : '<a href="/slow">Slow</a>'} <a href="/huge">Huge</a> <a href="/to-private">Partner</a> <a href="/deep/1">Deep</a>
<a href="${externalUrl}/ok">Partner site</a> <a href="${externalUrl}/head-405">Old server</a>
<a href="${externalUrl}/gone">Gone</a> <a href="${externalUrl}/moved">Moved</a> <a href="/blog/post-3/">Third post</a>
${options.gate ? '<a href="/gate">Gate</a>' : ''}
<img src="/logo.png" alt="Logo"><img src="/banner.png">`,
          '<meta name="description" content="short">',
        ),
      );
    if (path === '/about')
      // What the page loads, not links to: five broken subresources (one on the external site), a
      // stylesheet whose server refuses HEAD, and an image robots.txt keeps the crawler from.
      return html(
        page(
          'About the widget shop',
          `<h1>About</h1><p>${words(50, 'a')}</p><a href="/">Home</a>
<img src="/img/team-missing.png" alt="Team"><img src="/private/hidden.png" alt="Hidden">
<video src="/logo.png" poster="/img/poster-missing.jpg"></video>
<picture><source srcset="${externalUrl}/gone.webp 1x, /logo.png 2x"><img src="/logo.png" alt="Logo"></picture>
<script src="/js/missing.js"></script>`,
          '<link rel="stylesheet" href="/css/missing.css"><link rel="stylesheet" href="/css/site.css">',
        ),
      );
    if (path === '/css/site.css')
      return req.method === 'HEAD'
        ? res.writeHead(405).end()
        : res.writeHead(200, { 'content-type': 'text/css' }).end('body{}');
    if (path === '/orphan')
      return html(page('Orphan page', '<h1>Orphan</h1>', '<meta name="robots" content="noindex">'));
    if (path === '/products') {
      const list = Array.from(
        { length: products },
        (_, i) => `<a href="/products/${i + 1}">Product ${i + 1} widget</a>`,
      );
      return html(page('All products', `<h1>Products</h1>${list.join(' ')}`));
    }
    const product = /^\/products\/(\d+)$/.exec(path);
    if (product && Number(product[1]) >= 1 && Number(product[1]) <= products) {
      const n = Number(product[1]);
      const extra =
        n === 7
          ? '<a href="/products/7-widget-deluxe">Deluxe</a>'
          : n <= 3
            ? `<a href="${externalUrl}/gone">Gone</a>`
            : '';
      return html(
        page(
          `Product ${n} widget`,
          `<h1>Product ${n}</h1><p>${words(40, 'p')}</p><a href="/products">click here</a> ${extra}`,
        ),
      );
    }
    if (path === '/blog') {
      const list = Array.from({ length: posts }, (_, i) => `<a href="/blog/post-${i + 1}">Post ${i + 1}</a>`);
      return html(page('Blog', `<h1>Blog</h1>${list.join(' ')}`));
    }
    const post = /^\/blog\/post-(\d+)$/.exec(path);
    if (post && Number(post[1]) >= 1 && Number(post[1]) <= posts)
      return html(
        page(`Post ${post[1]}`, `<h1>Post ${post[1]}</h1><h1>Second title</h1><a href="/blog">Blog</a>`),
      );
    const deep = /^\/deep\/(\d+)$/.exec(path);
    if (deep)
      return html(page(`Deep ${deep[1]}`, `<h1>Deep</h1><a href="/deep/${Number(deep[1]) + 1}">Deeper</a>`));
    if (path === '/old') return redirect(301, '/older');
    if (path === '/older') return redirect(302, '/products');
    if (path === '/loop1') return redirect(302, '/loop2');
    if (path === '/loop2') return redirect(302, '/loop1');
    if (path === '/to-private') return redirect(302, 'http://169.254.169.254/latest/meta-data');
    if (path === '/private/open') return html(page('Open private page', '<h1>Open</h1>'));
    if (path === '/slow') {
      // Never answers: the crawler's timeout ends it.
      hanging.add(res);
      return;
    }
    if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<html><body>${'x'.repeat(3 * 1024 * 1024)}</body></html>`);
    }
    if (path === '/gate') {
      reachedGate();
      void gateOpen.then(() => html(page('Gate', '<h1>Gate</h1>')));
      return;
    }
    if (path === '/logo.png' || path === '/banner.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end();
    return html(page('Not found', '<h1>Not found</h1>'), 404);
  });
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  return {
    url: `${origin}/`,
    hits,
    redirects,
    externalUrl,
    releaseGate,
    gateReached,
    async close() {
      releaseGate();
      for (const res of hanging) res.destroy();
      site.closeAllConnections();
      external.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => site.close(resolve)),
        new Promise((resolve) => external.close(resolve)),
      ]);
    },
  };
}
