import { ComingLaterButton, comingLaterReason } from '@client/components/coming-later-button';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, Check, type LucideIcon, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';

export interface FlipCardContent {
  icon: LucideIcon;
  title: MessageDescriptor;
  summary: MessageDescriptor;
  details: MessageDescriptor[];
  /** Where the action goes; none while its screen is not built (the button is then disabled and says so). */
  href?: string;
  action: MessageDescriptor;
}

/**
 * A feature card that turns over to show details and a link. It turns on hover (mouse), when anything in it
 * has keyboard focus, and on tap (touch has no hover). Reduced-motion users get an instant swap.
 */
export function FlipCard({ content }: { content: FlipCardContent }) {
  const [isFlipped, setIsFlipped] = useState(false);
  const { icon: Icon } = content;
  const { t } = useLingui();
  const title = t(content.title);
  const action = t(content.action);
  return (
    <div className="group h-56 [perspective:1200px]" data-flipped={isFlipped}>
      <div
        className={cn(
          'relative h-full w-full transition-transform duration-500 motion-reduce:transition-none [transform-style:preserve-3d]',
          'group-hover:[transform:rotateY(180deg)] group-focus-within:[transform:rotateY(180deg)]',
          isFlipped && '[transform:rotateY(180deg)]',
        )}
      >
        <button
          type="button"
          onClick={() => setIsFlipped(true)}
          className="absolute inset-0 flex flex-col items-start rounded-2xl border bg-card p-6 text-start shadow-sm [backface-visibility:hidden]"
        >
          <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-accent text-accent-foreground">
            <Icon className="h-6 w-6" />
          </span>
          {/* The name is the visible text (no aria-label, whose wording would differ from what is seen); the
              title is read once, with what the button does. */}
          <span className="mt-5 text-lg font-semibold" aria-hidden="true">
            {title}
          </span>
          <span className="sr-only">
            <Trans>{title}: show details</Trans>
          </span>
          <span className="mt-2 text-sm text-muted-foreground">{t(content.summary)}</span>
          <span className="mt-auto flex items-center gap-1 text-xs font-medium text-primary">
            <Trans>See details</Trans> <ArrowRight className="h-3 w-3 rtl:rotate-180" />
          </span>
        </button>
        <div className="absolute inset-0 flex flex-col rounded-2xl border border-primary/30 bg-gradient-to-br from-indigo-600 to-indigo-800 p-6 text-white shadow-lg [backface-visibility:hidden] [transform:rotateY(180deg)]">
          <div className="flex items-center justify-between">
            <span className="font-semibold">{title}</span>
            <button
              type="button"
              onClick={(event) => {
                setIsFlipped(false);
                // Focus inside the card keeps it turned (keyboard support), so let go of it when turning back.
                event.currentTarget.blur();
              }}
              className="rounded p-1 text-white/70 hover:text-white"
              aria-label={t`${title}: turn back`}
            >
              <RotateCcw className="h-4 w-4" />
            </button>
          </div>
          <ul className="mt-4 flex-1 space-y-2 text-sm text-white/90">
            {content.details.map((detail) => (
              <li key={detail.id} className="flex items-start gap-2">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-indigo-200" />
                {t(detail)}
              </li>
            ))}
          </ul>
          {content.href ? (
            <Button asChild className="w-full bg-white text-indigo-700 hover:bg-white/90">
              <Link href={content.href}>
                {action}
                <ArrowRight className="rtl:rotate-180" />
              </Link>
            </Button>
          ) : (
            <ComingLaterButton
              reason={comingLaterReason}
              className="w-full bg-white text-indigo-700 disabled:opacity-70"
            >
              {action}
            </ComingLaterButton>
          )}
        </div>
      </div>
    </div>
  );
}
