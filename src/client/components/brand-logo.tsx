import { cn } from '@client/lib/utils';
import { Layers } from 'lucide-react';

/**
 * The one Business Hub mark (layers on the primary colour), used by every header: public pages, the
 * sign-in page and the dashboard sidebar. `size` picks the badge size; the word mark is optional.
 */
export function BrandMark({ size = 'md', className }: { size?: 'md' | 'lg'; className?: string }) {
  return (
    <span
      data-testid="brand-mark"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground',
        size === 'lg' ? 'h-9 w-9' : 'h-8 w-8',
        className,
      )}
    >
      <Layers className={size === 'lg' ? 'h-5 w-5' : 'h-4 w-4'} aria-hidden />
    </span>
  );
}
