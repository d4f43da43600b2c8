import { BrandMark } from '@client/components/brand-logo';
import { OfflineBanner } from '@client/components/offline-banner';
import { Button } from '@client/components/ui/button';
import { LocaleSwitcher } from '@client/i18n/locale-switcher';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';

const sectionLinks = [
  { href: '#features', label: msg`Features` },
  { href: '#add-ons', label: msg`Add-ons` },
  { href: '#pricing', label: msg`Pricing` },
];

/** The sticky bar: brand, section links, language, sign-in and, on small screens, a menu. */
export function LandingHeader() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const { t } = useLingui();
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-slate-950/85 text-white backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="/" className="flex items-center gap-2 font-semibold">
          <BrandMark />
          <Trans>Business Hub</Trans>
        </a>
        <nav className="hidden items-center gap-6 text-sm text-white/70 md:flex" aria-label={t`Main`}>
          {sectionLinks.map((link) => (
            <a key={link.href} href={link.href} className="hover:text-white">
              {t(link.label)}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <LocaleSwitcher
            isCompact
            className="h-9 w-auto gap-1.5 border-white/20 bg-white/5 text-white hover:bg-white/10"
          />
          <Link href="/login" className="hidden px-3 text-sm text-white/80 hover:text-white md:inline">
            <Trans>Sign In</Trans>
          </Link>
          <Button asChild size="sm">
            <Link href="/pricing">
              <Trans>Get Started</Trans>
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-white hover:bg-white/10 hover:text-white md:hidden"
            aria-label={isMenuOpen ? t`Close menu` : t`Open menu`}
            aria-expanded={isMenuOpen}
            aria-controls="landing-menu"
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            {isMenuOpen ? <X /> : <Menu />}
          </Button>
        </div>
      </div>
      {/* Small screens: the section links and Sign In, which do not fit the bar, live in this menu. */}
      {isMenuOpen && (
        <nav
          id="landing-menu"
          aria-label={t`Menu`}
          className="border-t border-white/10 px-4 pb-4 pt-2 text-sm md:hidden"
        >
          {[...sectionLinks, { href: '/login', label: msg`Sign In` }].map((link) => (
            <a
              key={link.href}
              href={link.href}
              onClick={() => setIsMenuOpen(false)}
              className="block rounded-md px-3 py-2.5 text-white/85 hover:bg-white/10 hover:text-white"
            >
              {t(link.label)}
            </a>
          ))}
        </nav>
      )}
      <OfflineBanner />
    </header>
  );
}
