import { Toaster } from '@client/components/ui/toaster';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { LocaleProvider } from '@client/i18n/locale-provider';
import { queryClient } from '@client/lib/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { Router } from 'wouter';
import { AppRoutes } from './routes';

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
          <TooltipProvider>
            <Router ssrPath={ssrPath}>
              <AppRoutes />
            </Router>
            <Toaster />
          </TooltipProvider>
        </LocaleProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
