/**
 * The build's server-side entry (scripts/prerender.ts): draws each public page as a signed-out visitor in
 * each language sees it, with React's static rendering of the same tree the browser hydrates
 * (app/app-root.tsx). Lazy pages are waited for; queries stay in their loading state, as on the browser's
 * first render.
 */
import { notFoundPage, type PrerenderedPath, prerenderedPaths } from '@domain/app-paths';
import { type Locale, locales } from '@domain/locales';
import { prerender } from 'react-dom/static';
import { AppRoot } from './app/app-root';
import { i18n, loadAllMessages } from './i18n/i18n';
import { setAuthUser } from './lib/use-auth';

export interface PrerenderedMarkup {
  page: PrerenderedPath | typeof notFoundPage;
  locale: Locale;
  markup: string;
}

export async function renderAll(): Promise<PrerenderedMarkup[]> {
  setAuthUser(null);
  const pages: PrerenderedMarkup[] = [];
  for (const locale of locales) {
    await loadAllMessages(locale);
    i18n.activate(locale);
    for (const page of [...prerenderedPaths, notFoundPage] as const) {
      // An error React recovers from would leave the page a spinner drawn by the browser: fail the build.
      const errors: unknown[] = [];
      const { prelude } = await prerender(<AppRoot ssrPath={page} />, {
        onError: (error) => {
          errors.push(error);
        },
      });
      if (errors.length > 0) throw new AggregateError(errors, `prerendering ${page} in ${locale} failed`);
      pages.push({ page, locale, markup: await new Response(prelude).text() });
    }
  }
  return pages;
}
