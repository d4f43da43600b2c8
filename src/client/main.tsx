import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { registerFeatures } from './app/register-features';
import { registerServiceWorker } from './features/mobile-app';
import { activateLocale, loadAllMessages, resolveLocale, storedLocale, storeLocale } from './i18n/i18n';
import { setAuthUser } from './lib/use-auth';
import './styles.css';

registerFeatures();
registerServiceWorker();

const root = document.getElementById('root')!;
const locale = resolveLocale(null);
// The server picks a prerendered page's language by this choice's cookie: a choice stored before the cookie
// existed gets it now, so the next page arrives in it.
const stored = storedLocale();
if (stored) storeLocale(stored);
// A prerendered page (scripts/prerender.ts) is only sent to a request without a session: the visitor is
// signed out, and the page is drawn as soon as the messages it shows have arrived, without asking the server.
const prerenderedIn = root.dataset.locale;
if (prerenderedIn) setAuthUser(null);
// Hydrated only when this browser would draw the page in the language it was prerendered in (a choice
// stored on this browser may differ from the one the request told the server); else drawn afresh.
const hydrates = prerenderedIn === locale;
const isLanding = window.location.pathname === '/';

// The first paint is already in the visitor's language: the shell's and the landing page's messages load
// before React renders. Other screens wait for the rest (`AllMessages`), asked for at once when the address
// is not the landing page's (a failure there is retried by `AllMessages`). A prerendered screen other than
// the landing page already shows them, so it is hydrated once they are all here.
if (!isLanding && !hydrates) loadAllMessages(locale).catch(() => {});
await activateLocale(locale, { firstPaint: isLanding || !hydrates });

if (hydrates) hydrateRoot(root, <AppRoot />);
else createRoot(root).render(<AppRoot />);
