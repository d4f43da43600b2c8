import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Message catalogs of the client (ADR 0006). The English source text is the message id, so a catalog
 * reads as English → translation; `npm test` checks every locale translates every message in use.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'de', 'pt-BR', 'it', 'nl', 'pl', 'ja', 'zh-CN', 'ar', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/client/locales/{locale}',
      include: ['<rootDir>/src/client', '<rootDir>/src/domain'],
      exclude: ['**/node_modules/**', '**/*.test.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
