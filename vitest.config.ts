import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { catalogParts } from './scripts/catalog-parts';
import { pathAliases } from './scripts/path-aliases';
import { firstPaintModules, linguiMacros } from './vite.config';

export default defineConfig({
  // tsconfig.json's paths (scripts/path-aliases.ts).
  resolve: { alias: pathAliases },
  // Unit tests import client modules that use Lingui's macros and catalogs.
  plugins: [linguiMacros(), lingui(), catalogParts({ firstPaint: firstPaintModules })],
  test: {
    globalSetup: ['./test/global-setup.ts'],
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts'],
          environment: 'node',
          // The same as the API files': projects run together only with one worker count.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts', 'test/**/*.api.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two files at a time: many wait on a queue's tick, a minute's schedule or a restarted process,
          // so one at a time left the CPU idle for minutes (18 min for this project alone).
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // Two files at a time, each with its own server, database (e2e/support/server.ts) and browser.
          maxWorkers: 2,
          // expect.poll waits for what the screen shows; its default second is shorter than a busy CI
          // machine (two browsers beside the unit and API files) takes to finish a sign-up or a reload.
          expect: { poll: { timeout: 30_000 } },
          // Unpacks the browser once before the files start (e2e/support/browser-setup.ts).
          globalSetup: ['./e2e/support/browser-setup.ts'],
        },
      },
    ],
  },
});
