import { BackToHomeLink, SiteHeader } from '@client/components/site-header';
import { cn } from '@client/lib/utils';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * The frame of every public pricing page: the site header (with "All pricing" back to the selector on the
 * detail pages), the page title and its introduction, then the page's own content.
 */
export function PricingPageLayout({
  title,
  intro,
  isCentered = false,
  hasAllPricingLink = true,
  afterIntro,
  children,
}: {
  title: ReactNode;
  intro: ReactNode;
  isCentered?: boolean;
  hasAllPricingLink?: boolean;
  /** Shown under the introduction, inside the title block. */
  afterIntro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-background">
      <SiteHeader>
        {hasAllPricingLink && (
          <Link
            href="/pricing-selector"
            className="hidden text-sm text-muted-foreground hover:text-foreground sm:block"
          >
            <Trans>All pricing</Trans>
          </Link>
        )}
        <BackToHomeLink />
      </SiteHeader>
      <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <div className={cn('max-w-2xl', isCentered && 'mx-auto text-center')}>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-3 text-muted-foreground">{intro}</p>
          {afterIntro}
        </div>
        {children}
      </main>
    </div>
  );
}
