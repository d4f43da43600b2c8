import { cn } from '@client/lib/utils';
import type { ReactNode } from 'react';

/**
 * A card that is one choice of a radio group: a real (visually hidden) radio input, so arrow keys, forms
 * and screen readers work as usual, and the card shows focus and the choice.
 */
export function RadioCard({
  name,
  value,
  isChecked,
  onSelect,
  label,
  className,
  children,
}: {
  name: string;
  value: string;
  isChecked: boolean;
  onSelect: () => void;
  /** The accessible name when the card's text is more than a name. */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label
      className={cn('cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring', className)}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={isChecked}
        onChange={onSelect}
        className="sr-only"
        aria-label={label}
      />
      {children}
    </label>
  );
}
