import { Button } from '@client/components/ui/button';
import type * as React from 'react';
import { lazy, Suspense, useState } from 'react';

export const comingLaterReason = 'Coming in a later release';

/** Radix's Tooltip and its positioning (~15 KB) load when someone first points at or focuses the button. */
const ComingLaterTooltip = lazy(() =>
  import('./coming-later-tooltip').then((m) => ({ default: m.ComingLaterTooltip })),
);

/**
 * A call to action whose screen is not built yet: shown with the spec's label, honestly disabled, and a
 * tooltip saying when it comes, instead of leading to a 404 or claiming something happened. A disabled
 * button gets no pointer or focus events, so the tooltip hangs on a focusable wrapper. The landing page
 * shows several: their tooltip is not part of the first page (issue 31), it arrives on the first hover or
 * focus and opens as Radix's would.
 */
export function ComingLaterButton({
  children,
  reason,
  ...buttonProps
}: { reason: string } & Omit<React.ComponentProps<typeof Button>, 'disabled' | 'onClick' | 'asChild'>) {
  const [wanted, setWanted] = useState<'hover' | 'focus' | null>(null);
  const trigger = (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering or focusing the wrapper only loads its tooltip.
    <span
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the wrapper must take focus to show why the button is off.
      tabIndex={0}
      className="inline-flex w-full rounded-md"
      data-coming-later={reason}
      onPointerEnter={() => setWanted((was) => was ?? 'hover')}
      onFocus={() => setWanted((was) => was ?? 'focus')}
    >
      <Button {...buttonProps} disabled aria-disabled className={buttonProps.className}>
        {children}
      </Button>
    </span>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <ComingLaterTooltip reason={reason} isFocused={wanted === 'focus'}>
        {trigger}
      </ComingLaterTooltip>
    </Suspense>
  );
}
