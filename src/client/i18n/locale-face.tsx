import { Languages } from 'lucide-react';
import type { ReactNode } from 'react';

/** What the language menu's closed and open triggers share (two files, so the menu can load lazily). */
export interface LocaleSwitcherProps {
  className?: string;
  id?: string;
  isCompact?: boolean;
}

/**
 * What the trigger shows: the icon and the language's name. `isCompact` shows only the icon on phones, where
 * a header has no room for the name (the trigger keeps its label). The name is visually hidden rather than
 * `hidden`: the trigger's line clamp would override `display: none`.
 */
export function LocaleFace({ isCompact, children }: { isCompact: boolean; children: ReactNode }) {
  return (
    <>
      <Languages className="h-4 w-4 shrink-0" aria-hidden="true" />
      {isCompact ? <span className="sr-only sm:not-sr-only">{children}</span> : children}
    </>
  );
}
