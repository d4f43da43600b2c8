import { cn } from '@client/lib/utils';
import type { ReactNode } from 'react';

const tones = {
  // Darker than the theme's success badge, which is below 4.5:1 on the card background.
  ok: 'bg-green-100 text-green-900',
  bad: 'bg-destructive text-destructive-foreground',
  busy: 'bg-amber-100 text-amber-900',
  neutral: 'bg-secondary text-secondary-foreground',
} as const;
export type Tone = keyof typeof tones;

/** A status pill in the operations screens' colours (spec 001 §4: active green, integrating yellow, error red). */
export function StatusBadge({
  tone,
  className,
  children,
}: {
  tone: Tone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
