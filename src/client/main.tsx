import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerFeatures } from './app/register-features';
import { AppRoutes } from './app/routes';
import { Toaster } from './components/ui/toaster';
import { TooltipProvider } from './components/ui/tooltip';
import { registerServiceWorker } from './features/mobile-app';
import { activateLocale, loadAllMessages, resolveLocale } from './i18n/i18n';
import { LocaleProvider } from './i18n/locale-provider';
import { queryClient } from './lib/query-client';
import './styles.css';

registerFeatures();
registerServiceWorker();

// The first paint is already in the visitor's language: the shell's and the landing page's messages load
// before React renders. Other screens wait for the rest (`AllMessages`), asked for at once when the address
// is not the landing page's (a failure there is retried by `AllMessages`).
const locale = resolveLocale(null);
if (window.location.pathname !== '/') loadAllMessages(locale).catch(() => {});
await activateLocale(locale, { firstPaint: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LocaleProvider>
        <TooltipProvider>
          <AppRoutes />
          <Toaster />
        </TooltipProvider>
      </LocaleProvider>
    </QueryClientProvider>
  </StrictMode>,
);
