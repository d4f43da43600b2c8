import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { screenshotDir } from './browser.js';

/**
 * A viewport capture (viewports in these suites are tall enough for what is checked): a full-page capture
 * (`screenshot()` in browser.ts) stalled Chromium on the loaded machine, and a stalled capture blocks
 * every later page of the browser (as e2e/contacts.e2e.ts found).
 */
export async function viewportShot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), timeout: 150_000 });
}

/** A JSON call from the page: same origin, same session cookie (and the CSRF rules of a browser). */
export async function pageApi<T = unknown>(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
    },
    { method, url, body },
  );
}
