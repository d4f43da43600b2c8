import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandMark } from './brand-logo';

/** The light top bar of the public and home pages: brand on the left, page-specific links on the right. */
export function SiteHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b bg-card/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 font-semibold">
          <BrandMark />
          Business Hub
        </Link>
        <div className="flex items-center gap-2 sm:gap-4">{children}</div>
      </div>
    </header>
  );
}

/** 'Back to Home' link for the right side of the header. */
export function BackToHomeLink() {
  return (
    <Link href="/" className="flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="h-4 w-4" />
      Back to Home
    </Link>
  );
}
