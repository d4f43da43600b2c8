import { Button } from '@client/components/ui/button';
import { QuickPublishButton } from '@client/features/content';
import { LocaleSwitcher } from '@client/i18n/locale-switcher';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Menu, Search, Send } from 'lucide-react';
import { Suspense } from 'react';

export function DashboardHeader({
  tabLabel,
  workspaceName,
  onOpenSidebar,
  isPageHeading,
  onOpenSearch,
  onPrepareSearch,
}: {
  tabLabel: MessageDescriptor;
  workspaceName: string;
  onOpenSidebar: () => void;
  /** The dashboard's title is its page's heading; another screen in the shell has its own h1. */
  isPageHeading: boolean;
  /** Opens the command palette (also Ctrl/Cmd-K). */
  onOpenSearch: () => void;
  /** Starts loading the palette's code when the pointer or focus reaches the button. */
  onPrepareSearch: () => void;
}) {
  const { t, i18n } = useLingui();
  const Title = isPageHeading ? 'h1' : 'p';
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-card/95 px-4 backdrop-blur sm:px-6">
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        onClick={onOpenSidebar}
        aria-label={t`Open menu`}
      >
        <Menu />
      </Button>
      <div className="min-w-0 flex-1">
        <Title className="truncate text-lg font-semibold">
          <Trans>Business Empire Hub</Trans>
        </Title>
        <p className="truncate text-xs text-muted-foreground">
          {workspaceName} · {i18n._(tabLabel)}
        </p>
      </div>
      <div className="hidden items-center gap-2 text-sm text-muted-foreground md:flex">
        <span className="relative flex h-2.5 w-2.5">
          <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-success opacity-60" />
          <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-success" />
        </span>
        <Trans>All systems operational</Trans>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onOpenSearch}
        onPointerEnter={onPrepareSearch}
        onFocus={onPrepareSearch}
        aria-keyshortcuts="Control+K Meta+K"
        className="text-muted-foreground"
      >
        <Search />
        <span className="sr-only sm:not-sr-only">
          <Trans>Search</Trans>
        </span>
        <kbd className="ms-2 hidden rounded border bg-muted px-1.5 font-sans text-[0.7rem] font-medium lg:inline">
          {isMac() ? '⌘K' : t`Ctrl+K`}
        </kbd>
      </Button>
      <LocaleSwitcher isCompact />
      <Suspense
        fallback={
          <Button size="sm" disabled>
            <Send className="rtl:-scale-x-100" />
            <span className="sr-only sm:not-sr-only">
              <Trans>Quick Publish</Trans>
            </span>
          </Button>
        }
      >
        <QuickPublishButton />
      </Suspense>
    </header>
  );
}

/** Apple keyboards name the palette's modifier ⌘. */
function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
}
