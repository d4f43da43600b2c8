import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogParts } from './scripts/catalog-parts';
import { clientPathAliases } from './scripts/path-aliases';
import { precompress } from './scripts/precompress';
import { prerender } from './scripts/prerender';

/**
 * Lingui's macros compile `t`/`<Trans>` to message ids at build time (ADR 0006). Babel is slow, so it only
 * sees client files that import a macro; everything else stays on Vite's native transform.
 */
export function linguiMacros() {
  return babel({
    presets: [
      defineRolldownBabelPreset({
        preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
        rolldown: {
          filter: {
            id: /[\\/]src[\\/](client|domain)[\\/].*\.tsx?$/,
            code: /@lingui\/(core|react)\/macro/,
          },
        },
      }),
    ],
  });
}

/**
 * What the first page runs before a click: the app shell and the signed-out home (see `AllMessages`), and the
 * toaster, which it loads once idle (src/client/app/app-root.tsx) and whose labels must be there by then.
 */
export const firstPaintModules = [
  'src/client/main.tsx',
  'src/client/features/landing/landing-page.tsx',
  'src/client/components/ui/toaster.tsx',
];

export default defineConfig({
  root: 'src/client',
  // A build fails on a message some shipped locale does not translate.
  plugins: [
    react(),
    linguiMacros(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    // The first page loads the messages of what it runs, the rest follows (ADR 0010).
    catalogParts({ firstPaint: firstPaintModules }),
    tailwindcss(),
    // The installed app's service worker (src/client/features/mobile-app/sw.ts, served as /sw.js) with the list of
    // built files to save at install. The manifest is the server's (it carries the workspace's name) and the
    // page registers the worker itself (production builds only).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'features/mobile-app',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        // Every script, style and catalog: any screen may be opened offline, in any language the user may
        // have chosen; about 1 MB on the wire (brotli) once per deploy. Not the pseudo-locales, which only
        // the translation checks use.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        globIgnores: ['assets/pseudo*'],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
    // Brotli and gzip copies of every text file, served as they are (src/server/app.ts); after the service
    // worker is written, so it has them too.
    precompress(),
    // The public pages as HTML in every language, after the client (scripts/prerender.ts).
    prerender(),
  ],
  // tsconfig.json's paths, less @server (scripts/path-aliases.ts).
  resolve: { alias: clientPathAliases },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports preloads modules itself; older ones only lose the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page runs (React, the query client, Lingui, the toaster's and tooltips'
          // Radix parts) in one chunk rather than ~30 small ones: one request, and gzip sees them together
          // (issue 10's landing page budget, README "Benchmarks").
          groups: [{ name: 'shell', test: /node_modules/, tags: ['$initial'] }],
        },
      },
      // Our modules run nothing on import but declarations (schemas, lazy pages, hooks), so a module none
      // of whose exports is used is left out: a feature's index re-exporting a hook must not pull its API
      // file and zod schemas into the first page.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]src[\\/](client|domain)[\\/].*\.tsx?$/, sideEffects: false }],
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:5000',
      '/run': 'http://localhost:5000',
      '/checkout': 'http://localhost:5000',
    },
  },
});
