import { Trans } from '@lingui/react/macro';

/** The footer: copyright and the few links a visitor looks for last. */
export function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
        <p>
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
