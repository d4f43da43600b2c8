import { Button } from '@client/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import type * as React from 'react';

export const comingLaterReason = 'Coming in a later release';

/**
 * A call to action whose screen is not built yet: shown with the spec's label, honestly disabled, and a
 * tooltip saying when it comes, instead of leading to a 404 or claiming something happened. A disabled
 * button gets no pointer or focus events, so the tooltip hangs on a focusable wrapper.
 */
export function ComingLaterButton({
  children,
  reason,
  ...buttonProps
}: { reason: string } & Omit<React.ComponentProps<typeof Button>, 'disabled' | 'onClick' | 'asChild'>) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the wrapper must take focus to show why the button is off. */}
        <span tabIndex={0} className="inline-flex w-full rounded-md" data-coming-later={reason}>
          <Button {...buttonProps} disabled aria-disabled className={buttonProps.className}>
            {children}
          </Button>
        </span>
      </TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  );
}
