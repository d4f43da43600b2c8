import { LocaleSwitcher } from '@client/i18n/locale-switcher';
import { Trans } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { createContext, type ReactNode, useContext } from 'react';
import { Link } from 'wouter';
import { BrandMark } from './brand-logo';
import { OfflineBanner } from './offline-banner';

const InsideAppShell = createContext(false);

/** A signed-in screen's content inside the app shell, whose header and sidebar stand in for the site header. */
export function InAppShell({ children }: { children: ReactNode }) {
  return <InsideAppShell.Provider value={true}>{children}</InsideAppShell.Provider>;
}

/**
 * The light top bar of the public and home pages: brand at the start, language and page links at the end.
 * Inside the app shell it is left out: the shell already has the brand, the language menu and every way on.
 */
export function SiteHeader({ children }: { children?: ReactNode }) {
  if (useContext(InsideAppShell)) return null;
  return (
    <header className="sticky top-0 z-30 border-b bg-card/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 whitespace-nowrap rounded-md font-semibold">
          <BrandMark />
          {/* The product's name is a brand: the same in every language. */}
          <Trans>Business Hub</Trans>
        </Link>
        <div className="flex items-center gap-2 sm:gap-4">
          <LocaleSwitcher isCompact />
          {children}
        </div>
      </div>
      <OfflineBanner />
    </header>
  );
}

/**
 * 'Back to Home' link for the end of the header; its arrow points back in either reading direction. On a
 * phone only the arrow shows (the words stay its name): longer translations wrapped the header to two lines.
 */
export function BackToHomeLink() {
  return (
    <Link
      href="/"
      className="flex items-center gap-1.5 whitespace-nowrap text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">
        <Trans>Back to Home</Trans>
      </span>
    </Link>
  );
}
