import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';

const never = () => () => {};
const thisYear = () => new Date().getFullYear();
/** The year the page was prerendered in, as it shows (a page built in December is hydrated in January). */
const prerenderedYear = () =>
  typeof document === 'undefined'
    ? thisYear()
    : Number(/\d{4}/.exec(document.getElementById('copyright')?.textContent ?? '')?.[0]) || thisYear();

/** The footer: copyright and the few links a visitor looks for last. */
export function LandingFooter() {
  // Hydrated as prerendered, then this year.
  const year = useSyncExternalStore(never, thisYear, prerenderedYear);
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
        <p id="copyright">
          <Trans>© {year} Business Hub</Trans>
        </p>
        <nav className="flex gap-5">
          <a href="/pricing" className="hover:text-foreground">
            <Trans>Pricing</Trans>
          </a>
          <a href="/scheduler" className="hover:text-foreground">
            <Trans>Book a call</Trans>
          </a>
          <a href="/login" className="hover:text-foreground">
            <Trans>Sign In</Trans>
          </a>
        </nav>
      </div>
    </footer>
  );
}
