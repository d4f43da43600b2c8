import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

const systemChromium = '/usr/bin/chromium';
export const screenshotDir = path.resolve('test-output/screenshots');

/** Chromium from CHROME_PATH, else the system one, else the one shipped in @sparticuz/chromium (DESIGN §7). */
export async function chromiumLaunchOptions(): Promise<{ executablePath: string; args: string[] }> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return { executablePath: fromEnv, args: [] };
  if (existsSync(systemChromium)) return { executablePath: systemChromium, args: [] };
  const { default: sparticuz } = await import('@sparticuz/chromium');
  // Its flags are tuned for AWS Lambda: one process per browser (closing a context would kill it), web
  // security off, and WebGL through SwiftShader. Tests want a normal browser, so keep only the sandbox
  // flags. SwiftShader emulates a GPU on the CPU for every composited frame: with it the browser took over
  // one of CI's two cores and a browser test file ran three times as long as with plain software drawing.
  const unwanted = [
    '--single-process',
    '--disable-web-security',
    '--allow-running-insecure-content',
    '--headless',
    '--use-gl',
    '--use-angle',
    '--enable-unsafe-swiftshader',
    '--ignore-gpu-blocklist',
    '--in-process-gpu',
  ];
  const args = sparticuz.args.filter((arg) => !unwanted.some((flag) => arg.startsWith(flag)));
  return { executablePath: await sparticuz.executablePath(), args };
}

/** `extraArgs` adds Chromium flags, e.g. --host-resolver-rules to serve a test page under a site's domain. */
export async function openBrowser(extraArgs: string[] = []): Promise<Browser> {
  const { executablePath, args } = await chromiumLaunchOptions();
  const browser = await chromium.launch({ executablePath, args: [...args, ...extraArgs], headless: true });
  // A context runs without the service worker unless it asks for it (e2e/pwa.e2e.ts): installed, it fetches
  // every built file (~270) into its cache, work that each of the suite's hundred-odd contexts would repeat on
  // a 2-core machine, for what one file tests.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}

/** Saves a full-page screenshot to test-output/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  // Sticky headers and sidebars land mid-page in a full-page capture taken while scrolled.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
