import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type PrerenderedPath, prerenderedFile, prerenderedPaths } from '@domain/app-paths';
import { localeCookie, textDirection } from '@domain/locales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie } from '../src/server/http/session.js';
import { builtClientDir, createTestApp, type TestApp } from './test-app.js';

/**
 * The built client as browsers and crawlers get it (issue "One product", §3): compressed in what the browser
 * accepts, hashed assets cached for a year, pages revalidated, and an unknown address a real 404.
 * Needs `vite build` (dist/client), as the e2e tests do.
 */
const built = existsSync(path.join(builtClientDir, 'index.html'));

let t: TestApp;
beforeAll(async () => {
  if (built) t = await createTestApp({ clientDir: builtClientDir });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

/** The scripts and styles the landing page names in its HTML. */
function landingAssets(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
}

describe.skipIf(!built)('the built client', () => {
  it('sends every landing page asset in brotli or gzip as asked, cached for a year, the same bytes', async () => {
    const page = await get('/');
    const assets = landingAssets(page.body);
    expect(assets.length).toBeGreaterThan(0);
    for (const url of assets) {
      const file = readFileSync(path.join(builtClientDir, url));
      for (const [encoding, extension, decompress] of [
        ['br', '.br', brotliDecompressSync],
        ['gzip', '.gz', gunzipSync],
      ] as const) {
        const res = await get(url, { 'accept-encoding': encoding });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
        // A file so small that compressing it saves nothing has no compressed copy and goes out as it is.
        if (!existsSync(path.join(builtClientDir, url + extension)) && file.length < 200) {
          expect(res.headers['content-encoding'], url).toBeUndefined();
          continue;
        }
        expect(res.headers['content-encoding'], url).toBe(encoding);
        expect(res.headers.vary, url).toContain('accept-encoding');
        expect(res.headers['content-type'], url).toMatch(/javascript|css/);
        expect(res.rawPayload.length, url).toBeLessThan(file.length);
        expect(decompress(res.rawPayload).equals(file), url).toBe(true);
      }
      const plain = await get(url, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(file)).toBe(true);
    }
  });

  it('compresses the page itself and has the browser revalidate it', async () => {
    const html = readFileSync(path.join(builtClientDir, 'index.html'));
    for (const url of ['/', '/pricing', '/login']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip', cookie: `${sessionCookie}=any` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).equals(html)).toBe(true);
    }
  });

  it('sends a signed-out visitor every public page prerendered, in the language they chose or their browser asks for', async () => {
    const prerendered = (page: string, locale: string) =>
      readFileSync(path.join(builtClientDir, prerenderedFile(page as PrerenderedPath, locale)));
    for (const page of prerenderedPaths) {
      for (const [headers, locale] of [
        [{}, 'en'],
        [{ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' }, 'fr'],
        [{ 'accept-language': 'xx, ar;q=0.5, de;q=0.4' }, 'ar'],
        // A choice made on the page wins over the browser's languages.
        [{ 'accept-language': 'ar', cookie: `${localeCookie}=de` }, 'de'],
      ] as const) {
        const res = await get(page, { 'accept-encoding': 'br', ...headers });
        expect(res.statusCode, page).toBe(200);
        expect(res.headers['content-encoding'], page).toBe('br');
        expect(res.headers['cache-control'], page).toBe('no-cache');
        expect(res.headers.vary, page).toBe('accept-encoding, accept-language, cookie');
        const html = brotliDecompressSync(res.rawPayload);
        expect(html.equals(prerendered(page, locale)), `${page} in ${locale}`).toBe(true);
        expect(html.toString(), page).toContain(`<html lang="${locale}" dir="${textDirection(locale)}">`);
        expect(html.toString(), page).toMatch(new RegExp(`<div id="root" data-locale="${locale}"><`));
      }
    }
    // A query does not change the page; an address not prerendered is the app's own page.
    expect((await get('/success?session_id=cs_test_1')).body).toBe(prerendered('/success', 'en').toString());
    expect((await get('/login')).body).toBe(readFileSync(path.join(builtClientDir, 'index.html'), 'utf8'));
  });

  it('has the prerendered pages inline their stylesheet and preload their screen, and the app page the shell', async () => {
    const appPage = (await get('/', { cookie: `${sessionCookie}=any` })).body;
    const stylesheet = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)">/.exec(appPage)?.[1];
    expect(stylesheet).toBeDefined();
    const css = readFileSync(path.join(builtClientDir, stylesheet as string), 'utf8');
    const landing = (await get('/')).body;
    expect(landing).not.toContain('rel="stylesheet"');
    expect(landing).toContain(`<style>${css}</style>`);
    const preloads = (html: string) =>
      [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads(landing).some((file) => file.includes('/landing-page-'))).toBe(true);
    expect(preloads((await get('/pricing')).body).some((file) => file.includes('/pricing-page-'))).toBe(true);
    expect(preloads(appPage).some((file) => file.includes('/app-shell-'))).toBe(true);
    expect(preloads(landing).some((file) => file.includes('/app-shell-'))).toBe(false);
  });

  it('answers 404 with the Page Not Found for an address the client has no screen at', async () => {
    for (const url of ['/sitemap.xml', '/no-such-page', '/pricing/nothing', '/login/extra']) {
      for (const [headers, root] of [
        [{ 'accept-language': 'ja' }, '<div id="root" data-locale="ja"><'],
        [{ cookie: `${sessionCookie}=any` }, '<div id="root"></div>'],
      ] as const) {
        const res = await get(url, { accept: 'text/html', ...headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.body, url).toContain(root);
      }
    }
    // The prerendered files have no address of their own.
    expect((await get('/prerendered/en/index.html')).statusCode).toBe(404);
    // A known screen, with a query, is the page.
    expect((await get('/login?next=%2Fcontacts')).statusCode).toBe(200);
  });

  it('has a favicon, linked from the page', async () => {
    const page = await get('/');
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    // Only the SVG exists; a browser asking for the old name gets a 404, not the app page as an icon.
    expect((await get('/favicon.ico')).statusCode).toBe(404);
  });

  it("serves the installed app's worker, manifest and icons, the worker and manifest always revalidated", async () => {
    const page = await get('/');
    expect(page.body).toContain(
      '<link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials"',
    );
    const worker = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    // A deploy reaches every browser: the worker (naming the new assets) is never kept without asking.
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(worker.rawPayload).toString()).toContain('offline-reads');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('private, no-cache');
    for (const icon of manifest.json().icons as { src: string; sizes: string }[]) {
      const res = await get(icon.src);
      expect(res.statusCode, icon.src).toBe(200);
      expect(res.headers['content-type'], icon.src).toBe('image/png');
      // The PNG signature, then the IHDR chunk's width and height.
      expect(res.rawPayload.subarray(1, 4).toString(), icon.src).toBe('PNG');
      const size = `${res.rawPayload.readUInt32BE(16)}x${res.rawPayload.readUInt32BE(20)}`;
      expect(size, icon.src).toBe(icon.sizes);
    }
  });
});

describe('the tracker', () => {
  it('goes out compressed in what the embedding page accepts', async () => {
    const app = t ?? (await createTestApp());
    const plain = await app.app.inject({ method: 'GET', url: '/api/analytics/script.js' });
    expect(plain.headers['content-type']).toBe('application/javascript; charset=utf-8');
    for (const [encoding, decompress] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await app.app.inject({
        method: 'GET',
        url: '/api/analytics/script.js',
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decompress(res.rawPayload).toString()).toBe(plain.body);
    }
    if (!t) await app.close();
  });
});
