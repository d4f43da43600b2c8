import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/browser';

/**
 * Draws the installed app's PNG icons (the web app manifest's, src/domain/mobile-app/web-manifest.ts, and
 * the iPhone home-screen icon) from the favicon, in the test browser. Run after changing the favicon:
 *   npx tsx scripts/render-icons.ts
 * The "any" icons are the favicon as it is, rounded corners transparent. The maskable and Apple ones fill
 * the square (the phone cuts its own shape): the favicon's letter already sits inside the centre circle
 * of 80% the maskable format keeps, so only the corners' rounding goes.
 */
const publicDir = path.resolve(import.meta.dirname, '../src/client/public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const fullBleed = favicon.replace(/<rect([^>]*) rx="[^"]*"/, '<rect$1');
if (fullBleed === favicon) throw new Error('favicon.svg: expected a rounded <rect rx="…"> background');

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

const outDir = path.join(publicDir, 'icons');
mkdirSync(outDir, { recursive: true });
const { executablePath, args } = await chromiumLaunchOptions();
const browser = await chromium.launch({ executablePath, args, headless: true });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${source}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: path.join(outDir, file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
