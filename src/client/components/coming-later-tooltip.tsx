import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@client/components/ui/tooltip';
import { type ReactElement, useEffect, useRef } from 'react';

/**
 * The tooltip of a `ComingLaterButton`, which loads this on the first hover or focus. The trigger is drawn
 * anew inside the tooltip, so focus that brought it here is given back to it, which opens the tooltip as a
 * focus does; a pointer still over it opens it after Radix's delay.
 */
export function ComingLaterTooltip({
  reason,
  isFocused,
  children,
}: {
  reason: string;
  isFocused: boolean;
  children: ReactElement;
}) {
  // Typed as Radix's trigger; it is the child's element, the wrapper <span>.
  const ref = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the focus that loaded the tooltip is given back.
  useEffect(() => {
    if (isFocused && document.activeElement === document.body) ref.current?.focus();
  }, []);
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild ref={ref}>
          {children}
        </TooltipTrigger>
        <TooltipContent>{reason}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
