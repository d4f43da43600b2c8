import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The spec's URLs stay as they are, so a prefix does not always name its area (`/api/workspace` is
 * members', `/api/iphone` phone-sync's). The API document says where each route lives instead: its first
 * tag is the folder that serves it (or `demo`, the public read-only twins), so /api/docs is the map.
 */
const areas = new Set(
  readdirSync(path.resolve(import.meta.dirname, '../src/server/features'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('every API route names its area', () => {
  it("tags each operation with the feature folder that serves it, or 'demo'", () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const misplaced: string[] = [];
    let count = 0;
    for (const [url, operations] of Object.entries(doc.paths)) {
      if (!url.startsWith('/api/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        count += 1;
        const area = operation.tags?.[0];
        if (!area || (area !== 'demo' && !areas.has(area))) misplaced.push(`${method} ${url}: ${area}`);
      }
    }
    expect(count).toBeGreaterThan(200);
    expect(misplaced).toEqual([]);
  });
});
