import { useToast } from '@client/components/ui/use-toast';
import { LocaleProvider } from '@client/i18n/locale-provider';
import { queryClient } from '@client/lib/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { Router } from 'wouter';
import { AppRoutes } from './routes';

const Toaster = lazy(() => import('@client/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Runs `then` once the browser has nothing else to do (at most 2 s from now); returns its cancelling. */
function whenIdle(then: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(then, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(then, 1);
  return () => clearTimeout(id);
}

/**
 * Toasts answer what someone did, never the first paint: Radix's Toast (its viewport is the F8 notification
 * area) loads once the page is idle, or at once when a toast is shown before that (issue 31).
 */
function ToasterWhenIdle() {
  const { toasts } = useToast();
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => whenIdle(() => setIsIdle(true)), []);
  if (!isIdle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * The whole app. The browser renders it (or hydrates it over a prerendered page) at the address it is on;
 * the build prerenders it at `ssrPath` (src/client/prerender.tsx). One tree for both, so the markup the
 * build wrote is the markup the browser's first render expects.
 */
export function AppRoot({ ssrPath }: { ssrPath?: string }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LocaleProvider>
          <Router ssrPath={ssrPath}>
            <AppRoutes />
          </Router>
          <ToasterWhenIdle />
        </LocaleProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
