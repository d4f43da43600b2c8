import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  root: 'src/client',
  // A build fails on a message some shipped locale does not translate.
  plugins: [
    react(),
    linguiMacros(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    tailwindcss(),
  ],
  resolve: {
    alias: {
      '@domain': fileURLToPath(new URL('./src/domain', import.meta.url)),
      '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
    },
  },
  build: { outDir: '../../dist/client', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:5000',
      '/run': 'http://localhost:5000',
      '/checkout': 'http://localhost:5000',
    },
  },
});
